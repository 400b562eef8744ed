import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::custom-page.custom-page');
