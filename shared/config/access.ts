/**
 * Who may open what. Public tools (tariff, rates, codification, taxation simulation, traders guide)
 * need no sign-in; these do. A role list is matched as any-of.
 */
/** Internal tools page: customs staff. */
export const INTERNAL_TOOLS_ROLES = ['officer', 'admin'] as const;
/** Manifests and vessels (commercially sensitive): signed-in users with a trade role, and staff. */
export const MANIFEST_ROLES = ['trader', 'declarant', 'officer', 'admin'] as const;
/** Help desk: any signed-in user (officers see and answer every request). */
export const HELPDESK_ROLES = [] as const;
export const HELPDESK_STAFF_ROLES = ['officer', 'admin'] as const;
/** Data console (uploading and publishing rates): customs staff. */
export const DATA_CONSOLE_ROLES = ['officer', 'admin'] as const;
