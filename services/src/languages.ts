/** Languages the portal serves; the first path segment of a page URL is one of these. */
export const LANGUAGES = ['en', 'fr', 'es', 'ar', 'bn'];
