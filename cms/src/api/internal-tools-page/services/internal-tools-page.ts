import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::internal-tools-page.internal-tools-page');
