import 'i18next';

declare module 'i18next' {
  interface CustomTypeOptions {
    /** Missing keys return the key, never null (returnNull: false in gatsby-config). */
    returnNull: false;
  }
}
