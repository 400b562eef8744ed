import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('CMS_PORT', 1337),
  // Public URL of the CMS when it is served behind a proxy, e.g. https://cms.example.org
  ...(env('CMS_PUBLIC_URL') ? { url: env('CMS_PUBLIC_URL') } : {}),
  app: {
    keys: env.array('APP_KEYS')!,
  },
  logger: {
    // No check for newer Strapi versions (no outside calls; versions are pinned).
    updates: { enabled: false },
  },
  webhooks: {
    populateRelations: env.bool('WEBHOOKS_POPULATE_RELATIONS', false),
  },
});

export default config;
