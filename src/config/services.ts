/**
 * Where the tools find their services. The embedded default serves them on the
 * portal's own origin; a deployment points them at its own systems at build time.
 */
export const serviceUrls = {
  reference: process.env.GATSBY_REFERENCE_SERVICE_URL || '/reference-service/',
};
