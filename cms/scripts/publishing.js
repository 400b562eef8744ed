// Accounts, permissions, field help and the site-build webhook, set by the seed (scripts/seed.js).
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const LOCALES = ['en', 'fr', 'es', 'ar', 'bn'];
const CONTENT_TYPES = [
  'api::news-article.news-article',
  'api::custom-page.custom-page',
  'api::faq-entry.faq-entry',
  'api::download.download',
  'api::home-page.home-page',
  'api::internal-tools-page.internal-tools-page',
];
const UPLOAD_ACTIONS = [
  'plugin::upload.read',
  'plugin::upload.configure-view',
  'plugin::upload.assets.create',
  'plugin::upload.assets.update',
  'plugin::upload.assets.download',
  'plugin::upload.assets.copy-link',
];
const SYSTEM_FIELDS = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);

/**
 * The Editor role writes, publishes and uploads on every portal content type, in every language (Strapi's
 * default gives it the locales that existed when the role was made: only English).
 */
async function ensureEditorPermissions(app) {
  const roles = app.admin.services.role;
  const editor = await roles.findOne({ code: 'strapi-editor' });
  if (!editor) throw new Error('The CMS Editor role is missing');
  const permissions = [];
  for (const uid of CONTENT_TYPES) {
    const type = app.contentType(uid);
    const fields = Object.keys(type.attributes).filter((name) => !SYSTEM_FIELDS.has(name));
    const actions = ['create', 'read', 'update', 'delete', ...(type.options?.draftAndPublish ? ['publish'] : [])];
    for (const action of actions) {
      permissions.push({
        action: `plugin::content-manager.explorer.${action}`,
        subject: uid,
        properties: { ...(['delete', 'publish'].includes(action) ? {} : { fields }), locales: LOCALES },
        conditions: [],
      });
    }
  }
  for (const action of UPLOAD_ACTIONS) permissions.push({ action, subject: null, properties: {}, conditions: [] });
  await roles.assignPermissions(editor.id, permissions);
  return editor;
}

/**
 * Two accounts on a new CMS: a Super Admin for settings (password made here, kept in var/cms/admin-password),
 * and the editor account (CMS_ADMIN_EMAIL / CMS_ADMIN_PASSWORD) with the Editor role. Existing accounts are
 * left as they are.
 */
async function ensureAccounts(app, { editorEmail, editorPassword, varDir }) {
  const users = app.admin.services.user;
  const editorRole = await ensureEditorPermissions(app);
  const created = [];
  if (!(await users.exists())) {
    const password = `${crypto.randomBytes(18).toString('base64url')}aA1`;
    const file = path.join(varDir, 'admin-password');
    fs.mkdirSync(varDir, { recursive: true });
    fs.writeFileSync(file, `admin@guichet.local ${password}\n`, { mode: 0o600 });
    await users.createFirstAdmin({ email: 'admin@guichet.local', firstname: 'Guichet', lastname: 'Administrator', password });
    created.push('admin@guichet.local (Super Admin, password in var/cms/admin-password)');
  }
  const existing = await app.db.query('admin::user').findOne({ where: { email: editorEmail } });
  if (!existing) {
    await users.create({
      email: editorEmail,
      firstname: 'Guichet',
      lastname: 'Editor',
      password: editorPassword,
      isActive: true,
      registrationToken: null,
      roles: [editorRole.id],
    });
    created.push(`${editorEmail} (Editor)`);
  }
  return created.length ? `created ${created.join(', ')}` : 'kept';
}

const WEBHOOK_NAME = 'Guichet site build';
const WEBHOOK_EVENTS = ['entry.publish', 'entry.unpublish', 'entry.delete', 'entry.update', 'media.update', 'media.delete'];

/** The webhook that asks the portal for a site build when published content changes. */
async function ensureWebhook(app, { portalUrl, secret }) {
  if (!secret) return 'none (no PUBLISHING_SECRET)';
  const store = app.get('webhookStore');
  const data = {
    name: WEBHOOK_NAME,
    url: `${portalUrl.replace(/\/+$/, '')}/portal-service/site-builds/webhook`,
    headers: { Authorization: `Bearer ${secret}` },
    events: WEBHOOK_EVENTS,
    isEnabled: true,
  };
  const existing = (await store.findWebhooks()).find((webhook) => webhook.name === WEBHOOK_NAME);
  if (existing) {
    await store.updateWebhook(existing.id, data);
    return 'updated';
  }
  await store.createWebhook(data);
  return 'created';
}

/** Labels and help text of the fields in the admin's edit view, per content type. */
const FIELD_HELP = {
  'api::news-article.news-article': {
    title: ['Title', 'The headline, in the language being edited.'],
    slug: ['Address (slug)', 'Made from the title; the page is /<language>/news/<slug>/. Letters, digits and hyphens; the same in every language.'],
    date: ['Publication date', 'Shown on the article and used to order the news, newest first.'],
    summary: ['Summary', 'One or two sentences shown in news lists and on the home page.'],
    body: ['Text', 'Markdown: ## for a heading, - for a list, [text](/tools/tariff-search/) for a link (portal links without the language).'],
    image: ['Image', 'Optional. Shown above the text in several sizes; describe it in the file\'s alternative text.'],
  },
  'api::custom-page.custom-page': {
    title: ['Title', 'The page title, in the language being edited.'],
    slug: ['Address (slug)', 'Made from the title; the page is /<language>/custom-pages/<slug>/. The same in every language.'],
    body: ['Text', 'Markdown: ## for a heading, - for a list, [text](/tools/tariff-search/) for a link (portal links without the language).'],
  },
  'api::faq-entry.faq-entry': {
    question: ['Question', 'As a visitor would ask it.'],
    answer: ['Answer', 'Markdown.'],
    category: ['Category', 'Questions with the same category are grouped on the FAQ page.'],
    order: ['Order', 'Position on the FAQ page (1 first).'],
  },
  'api::download.download': {
    title: ['Title', 'The name of the file as visitors see it.'],
    category: ['Category', 'Downloads with the same category are grouped.'],
    file: ['File path', 'Path of the file on the portal, e.g. /TariffBook_gn.pdf.'],
    size: ['Size (bytes)', 'Shown beside the link.'],
  },
};

/** Sets the admin's field labels and help text (content-manager edit view metadata). */
async function ensureFieldHelp(app) {
  const service = app.plugin('content-manager').service('content-types');
  let updated = 0;
  for (const [uid, fields] of Object.entries(FIELD_HELP)) {
    const contentType = service.findContentType(uid);
    const configuration = await service.findConfiguration(contentType);
    const metadatas = { ...configuration.metadatas };
    for (const [field, [label, description]] of Object.entries(fields)) {
      if (!metadatas[field]) continue;
      metadatas[field] = {
        ...metadatas[field],
        edit: { ...metadatas[field].edit, label, description },
        list: { ...metadatas[field].list, label },
      };
    }
    await service.updateConfiguration(contentType, { settings: configuration.settings, layouts: configuration.layouts, metadatas });
    updated += 1;
  }
  return updated;
}

module.exports = { ensureAccounts, ensureWebhook, ensureFieldHelp };
