// Admin panel customisation: interface languages offered to editors (English is always available;
// Strapi has no Bengali admin translation), right-to-left editing of Arabic, and the site builds page.
import { Earth } from '@strapi/icons';
import { followLocaleDirection } from './direction';

export default {
  config: {
    locales: ['fr', 'es', 'ar'],
  },
  register(app: { addMenuLink: (link: object) => void }) {
    app.addMenuLink({
      to: 'site-builds',
      icon: Earth,
      intlLabel: { id: 'guichet.site-builds', defaultMessage: 'Site builds' },
      permissions: [],
      Component: () => import('./SiteBuilds'),
    });
  },
  bootstrap() {
    followLocaleDirection();
  },
};
