/**
 * Where the tools find their services. The embedded default serves them on the
 * portal's own origin; a deployment points them at its own systems at build time.
 */
export const serviceUrls = {
  reference: process.env.GATSBY_REFERENCE_SERVICE_URL || '/reference-service/',
  rates: process.env.GATSBY_EXCHANGE_RATE_SERVICE_URL || '/exchange-rate-service/',
  /** The central bank's rates service (search and print). */
  externalRates: process.env.GATSBY_EXTERNAL_RATES_SERVICE_URL || '/external-rates-service/',
  /** Help desk requests (needs sign-in). */
  helpdesk: process.env.GATSBY_HELPDESK_SERVICE_URL || '/helpdesk-service/',
  /** Staff-only portal content (internal tools page). */
  portal: process.env.GATSBY_PORTAL_SERVICE_URL || '/portal-service/',
  /** Manifests and vessels (needs sign-in). */
  manifest: process.env.GATSBY_MANIFEST_SERVICE_URL || '/manifest-service/',
  taxation: process.env.GATSBY_TAXATION_SERVICE_URL || '/taxation-service/',
  /** Required documents per group of consignments. */
  tradersGuide: process.env.GATSBY_TRADERS_GUIDE_SERVICE_URL || '/traders-guide-service/',
  /** The AI tariff finder (hs-finder contract) and its tool variant. */
  finder: process.env.GATSBY_HS_FINDER_URL || '/hs-finder/',
  aiTariff: process.env.GATSBY_AI_TARIFF_SERVICE_URL || '/ai-tariff-service/',
  /** Officers' data console (uploads, publications) and the public freshness of the rates and tariff data. */
  dataConsole: process.env.GATSBY_DATA_CONSOLE_SERVICE_URL || '/data-console-service/',
};
