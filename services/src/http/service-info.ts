import type { ServiceInfo } from './documented.js';

/** A service: the path prefix it answers under, and what its OpenAPI description says of it. */
export interface Service extends ServiceInfo {
  prefix: string;
}

/**
 * Every service of the server, in one table: its prefix (the API prefixes, answered with JSON, are these) and
 * its description (the reference service writes its own OpenAPI document).
 */
export const SERVICE_INFO = {
  reference: {
    prefix: '/reference-service',
    title: 'Guichet reference-data service',
    description:
      'Reference data of the single window: tariff lines, nomenclature, currencies, countries, exchange rates, code lists and trader registers.',
  },
  health: {
    prefix: '/health',
    title: 'Guichet health',
    description: 'Whether the server, its database, the CMS and the built site answer.',
    path: '/health/openapi.json',
  },
  cms: {
    prefix: '/trade-server/graphql',
    title: 'Guichet CMS proxy',
    description: 'Read-only GraphQL queries of the published content, forwarded to the CMS with size, depth and time limits.',
    path: '/trade-server/graphql/openapi.json',
  },
  rates: {
    prefix: '/exchange-rate-service',
    title: 'Guichet customs exchange rates',
    description: 'BDT per unit of currency valid on a date, the day-on-day difference and a currency history.',
  },
  externalRates: {
    prefix: '/external-rates-service',
    title: 'Guichet central bank rates',
    description: "The central bank's reference rates (units per EUR) on a date, and their print files (CSV, XLSX, PDF).",
  },
  taxation: {
    prefix: '/taxation-service',
    title: 'Guichet taxation simulation',
    description: 'The duties and taxes of a declaration line from its tariff line, value and quantities.',
  },
  tradersGuide: {
    prefix: '/traders-guide-service',
    title: "Guichet traders' guide",
    description: 'The documents a consignment needs, by tariff line, procedure and country.',
  },
  hsFinder: {
    prefix: '/hs-finder',
    title: 'Guichet tariff finder (hs-finder)',
    description: 'HS subheadings for a goods description, with confidence; the nomenclature tree; records of the codes users pick.',
  },
  aiTariff: {
    prefix: '/ai-tariff-service',
    title: 'Guichet tariff finder (AI tariff tool)',
    description: 'The finder as the AI tariff tool calls it: suggestions, the heading list, details and notes.',
  },
  identity: {
    prefix: '/auth',
    title: 'Guichet identity server',
    description: 'A Keycloak-compatible OpenID Connect realm: discovery, sign-in pages, tokens, user info, account and sign-out.',
    path: '/auth/openapi.json',
  },
  helpdesk: {
    prefix: '/helpdesk-service',
    title: 'Guichet help desk',
    description: "Signed-in users' requests (with an attachment), answered by officers. POST takes an Idempotency-Key.",
  },
  manifest: {
    prefix: '/manifest-service',
    title: 'Guichet manifests and vessels',
    description: 'Sample manifests and vessel calls: search, print and the latest arrivals (signed in, trade roles).',
  },
  dataConsole: {
    prefix: '/data-console-service',
    title: 'Guichet data console',
    description:
      "Officers' uploads of rates and tariff editions: checks, preview, publication, rollback, the central bank feed; the public freshness of the data.",
  },
  portal: {
    prefix: '/portal-service',
    title: 'Guichet portal service',
    description: "Staff-only content, the CMS's site-build webhook and build state, and signed draft previews.",
  },
} satisfies Record<string, Service>;

/** Path prefixes answered by services (JSON), as opposed to the site's pages. */
export const API_PREFIXES: string[] = Object.values(SERVICE_INFO).map((service) => service.prefix);
