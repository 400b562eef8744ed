import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::custom-page.custom-page');
