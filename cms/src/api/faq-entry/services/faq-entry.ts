import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::faq-entry.faq-entry');
