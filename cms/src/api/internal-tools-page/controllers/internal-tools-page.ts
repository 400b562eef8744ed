import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::internal-tools-page.internal-tools-page');
