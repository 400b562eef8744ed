import type { Core } from '@strapi/strapi';

const config: Core.Config.Middlewares = [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
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
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

export default config;
