import type { ServiceInfo } from './documented.js';

/** What each service's OpenAPI description says of it (the reference service writes its own). */
export const SERVICE_INFO = {
  health: {
    title: 'Guichet health',
    description: 'Whether the server, its database, the CMS and the built site answer.',
    path: '/health/openapi.json',
  },
  cms: {
    title: 'Guichet CMS proxy',
    description: 'Read-only GraphQL queries of the published content, forwarded to the CMS with size, depth and time limits.',
    path: '/trade-server/graphql/openapi.json',
  },
  rates: {
    title: 'Guichet customs exchange rates',
    description: 'BDT per unit of currency valid on a date, the day-on-day difference and a currency history.',
  },
  externalRates: {
    title: 'Guichet central bank rates',
    description: "The central bank's reference rates (units per EUR) on a date, and their print files (CSV, XLSX, PDF).",
  },
  taxation: {
    title: 'Guichet taxation simulation',
    description: 'The duties and taxes of a declaration line from its tariff line, value and quantities.',
  },
  tradersGuide: {
    title: "Guichet traders' guide",
    description: 'The documents a consignment needs, by tariff line, procedure and country.',
  },
  hsFinder: {
    title: 'Guichet tariff finder (hs-finder)',
    description: 'HS subheadings for a goods description, with confidence; the nomenclature tree; records of the codes users pick.',
  },
  aiTariff: {
    title: 'Guichet tariff finder (AI tariff tool)',
    description: 'The finder as the AI tariff tool calls it: suggestions, the heading list, details and notes.',
  },
  identity: {
    title: 'Guichet identity server',
    description: 'A Keycloak-compatible OpenID Connect realm: discovery, sign-in pages, tokens, user info, account and sign-out.',
    path: '/auth/openapi.json',
  },
  helpdesk: {
    title: 'Guichet help desk',
    description: "Signed-in users' requests (with an attachment), answered by officers. POST takes an Idempotency-Key.",
  },
  manifest: {
    title: 'Guichet manifests and vessels',
    description: 'Sample manifests and vessel calls: search, print and the latest arrivals (signed in, trade roles).',
  },
  dataConsole: {
    title: 'Guichet data console',
    description:
      "Officers' uploads of rates and tariff editions: checks, preview, publication, rollback, the central bank feed; the public freshness of the data.",
  },
  portal: {
    title: 'Guichet portal service',
    description: "Staff-only content, the CMS's site-build webhook and build state, and signed draft previews.",
  },
} satisfies Record<string, ServiceInfo>;
