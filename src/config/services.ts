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
};
