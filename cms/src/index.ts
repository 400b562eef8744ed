import type { Core } from '@strapi/strapi';
import { sharedSlugs } from './shared-slug';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    sharedSlugs(strapi);
  },
  bootstrap() {},
};
