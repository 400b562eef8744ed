import { SUPPORTED_LANGUAGES } from '@guichet/shared/config/tenant';

/** Languages the portal serves (the tenant profile's, defined once); the first path segment of a page URL is one of these. */
export const LANGUAGES = SUPPORTED_LANGUAGES;
export type Language = (typeof LANGUAGES)[number];
