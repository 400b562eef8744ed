import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::custom-page.custom-page');
