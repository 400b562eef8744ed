import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => [
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // The admin panel's Site builds page reads the build state from the portal.
          'connect-src': ["'self'", 'https:', env('PORTAL_URL', 'http://localhost:8000')],
        },
      },
    },
  },
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  {
    name: 'strapi::body',
    config: {
      formLimit: '128mb',
      jsonLimit: '16mb',
      textLimit: '16mb',
      formidable: { maxFileSize: 134217728 },
    },
  },
  // After the body is read: a GraphQL query's text is in it.
  'global::published-only',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

export default config;
