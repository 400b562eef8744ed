// Admin panel customisation: interface languages offered to editors
// (English is always available; Strapi has no Bengali admin translation).
export default {
  config: {
    locales: ['fr', 'es', 'ar'],
  },
  bootstrap() {},
};
