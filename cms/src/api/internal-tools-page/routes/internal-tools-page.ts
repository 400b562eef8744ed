import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::internal-tools-page.internal-tools-page');
