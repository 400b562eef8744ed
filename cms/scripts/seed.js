#!/usr/bin/env node
// Seeds the CMS from the repository's content/ folder (CONTENT_DIR overrides it).
//
// Idempotent and respectful of editors' work:
//  - an entry that already exists (news and pages by slug, downloads by file, FAQ by
//    order, single types by existence) is never modified; only its missing locales are
//    added from the content files;
//  - new entries are created in English first, then in each other locale, all published;
//  - an entry or locale that the seed brought in earlier and an editor then deleted is
//    not brought back (the seeded entries are recorded in Strapi's core store).
// Also makes sure that the portal's locales exist, that the Public role can read every
// content type (find/findOne, used by the GraphQL API), the admin accounts (a Super Admin and the editor
// account with the Editor role), the admin's field help and the webhook that asks the portal for site builds.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { ensureAccounts, ensureFieldHelp, ensureWebhook } = require('./publishing');

process.env.STRAPI_TELEMETRY_DISABLED = process.env.STRAPI_TELEMETRY_DISABLED || 'true';

const cmsDir = path.resolve(__dirname, '..');
const repoRoot = path.dirname(cmsDir);
const contentDir = path.resolve(repoRoot, process.env.CONTENT_DIR || 'content');

const DEFAULT_LOCALE = 'en';
const LOCALES = [
  { code: 'en', name: 'English (en)' },
  { code: 'fr', name: 'French (fr)' },
  { code: 'es', name: 'Spanish (es)' },
  { code: 'ar', name: 'Arabic (ar)' },
  { code: 'bn', name: 'Bengali (bn)' },
];
const LOCALE_CODES = LOCALES.map((locale) => locale.code);

const ADMIN_EMAIL = (process.env.CMS_ADMIN_EMAIL || 'editor@guichet.local').trim().toLowerCase();
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD || 'Guichet-Editor-2026';

/**
 * Content kinds. `key` identifies an existing document (a non-localized attribute),
 * `shared` lists the non-localized attributes taken from the top level of the file,
 * `localized` the attributes taken from each `locales.<code>` object.
 */
const KINDS = [
  {
    label: 'news',
    uid: 'api::news-article.news-article',
    dir: 'news',
    key: 'slug',
    shared: (file, json) => ({ slug: file.name, date: json.date }),
    localized: ['title', 'summary', 'body'],
  },
  {
    label: 'pages',
    uid: 'api::custom-page.custom-page',
    dir: 'pages',
    key: 'slug',
    shared: (file) => ({ slug: file.name }),
    localized: ['title', 'body'],
  },
  {
    label: 'faq',
    uid: 'api::faq-entry.faq-entry',
    dir: 'faq',
    key: 'order',
    shared: (file, json) => {
      const fromName = /^(\d+)-/.exec(file.name);
      const order = json.order !== undefined ? json.order : fromName ? Number(fromName[1]) : undefined;
      return { order: order === undefined ? undefined : Number(order) };
    },
    localized: ['question', 'answer', 'category'],
  },
  {
    label: 'downloads',
    uid: 'api::download.download',
    dir: 'downloads',
    key: 'file',
    shared: (file, json) => ({ file: json.file, ...(json.size !== undefined ? { size: Number(json.size) } : {}) }),
    localized: ['title', 'category'],
  },
  {
    label: 'home',
    uid: 'api::home-page.home-page',
    file: 'home.json',
    single: true,
    shared: (file, json) => ({
      ...(json.highlightedTools !== undefined ? { highlightedTools: json.highlightedTools } : {}),
      ...(json.latestNewsCount !== undefined ? { latestNewsCount: Number(json.latestNewsCount) } : {}),
    }),
    localized: ['heroTitle', 'heroText'],
  },
  {
    label: 'internal-tools',
    uid: 'api::internal-tools-page.internal-tools-page',
    file: 'internal-tools.json',
    single: true,
    // Staff only: not public; the services read it with their API token for signed-in officers.
    private: true,
    shared: () => ({}),
    localized: ['title', 'body'],
  },
];

const warnings = [];
const warn = (message) => {
  warnings.push(message);
  console.warn(`[seed] warning: ${message}`);
};

/** Reads the content files of a kind; missing folders or files simply give no entries. */
function readEntries(kind) {
  const files = [];
  if (kind.single) {
    const full = path.join(contentDir, kind.file);
    if (fs.existsSync(full)) files.push({ full, name: path.basename(kind.file, '.json') });
  } else {
    const dir = path.join(contentDir, kind.dir);
    if (fs.existsSync(dir) && fs.statSync(dir).isDirectory()) {
      for (const name of fs.readdirSync(dir).sort()) {
        if (name.endsWith('.json')) files.push({ full: path.join(dir, name), name: path.basename(name, '.json') });
      }
    }
  }
  const entries = [];
  for (const file of files) {
    const where = path.relative(contentDir, file.full);
    let json;
    try {
      json = JSON.parse(fs.readFileSync(file.full, 'utf8'));
    } catch (error) {
      warn(`${where}: unreadable JSON (${error.message}), skipped`);
      continue;
    }
    const locales = json && typeof json.locales === 'object' && json.locales ? json.locales : {};
    if (!locales[DEFAULT_LOCALE]) {
      warn(`${where}: no "${DEFAULT_LOCALE}" locale, skipped`);
      continue;
    }
    const shared = kind.shared(file, json);
    if (kind.key && (shared[kind.key] === undefined || shared[kind.key] === null || shared[kind.key] === '')) {
      warn(`${where}: missing "${kind.key}", skipped`);
      continue;
    }
    const byLocale = {};
    for (const [code, values] of Object.entries(locales)) {
      if (!LOCALE_CODES.includes(code)) {
        warn(`${where}: unknown locale "${code}" ignored`);
        continue;
      }
      const data = {};
      for (const attribute of kind.localized) {
        if (values && values[attribute] !== undefined && values[attribute] !== null) data[attribute] = values[attribute];
      }
      byLocale[code] = data;
    }
    entries.push({ where, shared, byLocale });
  }
  return entries;
}

async function ensureLocales(app) {
  const service = app.plugin('i18n').service('locales');
  const created = [];
  for (const locale of LOCALES) {
    if (!(await service.findByCode(locale.code))) {
      await service.create({ code: locale.code, name: locale.name });
      created.push(locale.code);
    }
  }
  if (!(await service.getDefaultLocale())) await service.setDefaultLocale({ code: DEFAULT_LOCALE });
  return created;
}

async function ensurePublicRead(app) {
  const role = await app.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
  if (!role) throw new Error('The users-permissions Public role is missing');
  const granted = [];
  for (const kind of KINDS) {
    const actions = kind.single ? ['find'] : ['find', 'findOne'];
    for (const name of actions) {
      const action = `${kind.uid}.${name}`;
      const existing = await app.db
        .query('plugin::users-permissions.permission')
        .findOne({ where: { action, role: role.id } });
      if (kind.private) {
        // Earlier installs gave it to the public: take it back.
        if (existing) await app.db.query('plugin::users-permissions.permission').delete({ where: { id: existing.id } });
        continue;
      }
      if (!existing) {
        await app.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
        granted.push(action);
      }
    }
  }
  return granted;
}

/**
 * Visitors' accounts live in the portal's identity server, not in the CMS: the CMS's own sign-up (the
 * users-permissions `register` route and mutation) is closed.
 */
async function closeRegistration(app) {
  const key = { type: 'plugin', name: 'users-permissions', key: 'advanced' };
  const advanced = (await app.store.get(key)) || {};
  if (advanced.allow_register === false) return 'closed';
  await app.store.set({ ...key, value: { ...advanced, allow_register: false } });
  return 'closed now';
}

/** Where the services find their read-only CMS API token (for content that is not public). */
const SERVICES_TOKEN_FILE = path.join(cmsDir, '..', 'var', 'cms', 'services-api-token');
const SERVICES_TOKEN_NAME = 'guichet-services';

/** A read-only API token for the services, created once; its key is shown only at creation, so it is kept in var/. */
async function ensureServicesToken(app) {
  const tokens = app.service('admin::api-token-content-api') ?? app.service('admin::api-token');
  const existing = await tokens.getByName(SERVICES_TOKEN_NAME);
  if (existing && fs.existsSync(SERVICES_TOKEN_FILE)) return 'kept';
  const created = existing
    ? await tokens.regenerate(existing.id)
    : await tokens.create({ name: SERVICES_TOKEN_NAME, description: 'Guichet services: staff-only content', type: 'read-only', lifespan: null });
  fs.mkdirSync(path.dirname(SERVICES_TOKEN_FILE), { recursive: true });
  fs.writeFileSync(SERVICES_TOKEN_FILE, created.accessKey, { mode: 0o600 });
  return existing ? 'regenerated' : 'created';
}

function checkPassword(password) {
  const problems = [];
  if (password.length < 8) problems.push('at least 8 characters');
  if (Buffer.byteLength(password, 'utf8') > 72) problems.push('at most 72 bytes');
  if (!/[a-z]/.test(password)) problems.push('a lower-case letter');
  if (!/[A-Z]/.test(password)) problems.push('an upper-case letter');
  if (!/\d/.test(password)) problems.push('a digit');
  return problems;
}

const describeError = (error) => {
  const details = error && error.details && Array.isArray(error.details.errors) ? error.details.errors : [];
  const extra = details.map((detail) => `${(detail.path || []).join('.')}: ${detail.message}`).join('; ');
  return `${error && error.message ? error.message : error}${extra ? ` (${extra})` : ''}`;
};

// What the seed has already brought in, per entry: the locales seen in the database. An
// entry or locale recorded here and now missing was deleted by an editor: it is not restored.
const RECORD = { type: 'core', name: 'guichet', key: 'seeded' };

async function seedKind(app, kind, totals, record) {
  const entries = readEntries(kind);
  const documents = app.documents(kind.uid);
  const query = app.db.query(kind.uid);
  const stats = { created: 0, kept: 0, localesAdded: 0, notRestored: 0, failed: 0 };
  for (const entry of entries) {
    const id = `${kind.uid}|${kind.single ? 'single' : entry.shared[kind.key]}`;
    const seen = new Set(record[id] || []);
    try {
      const existing = kind.single
        ? await query.findOne({ select: ['documentId'] })
        : await query.findOne({ where: { [kind.key]: entry.shared[kind.key] }, select: ['documentId'] });
      let documentId;
      let present;
      if (existing) {
        documentId = existing.documentId;
        const rows = await query.findMany({ where: { documentId }, select: ['locale'] });
        present = new Set(rows.map((row) => row.locale));
        stats.kept += 1;
      } else if (seen.size > 0) {
        stats.notRestored += 1;
        continue;
      } else {
        const created = await documents.create({
          locale: DEFAULT_LOCALE,
          data: { ...entry.shared, ...entry.byLocale[DEFAULT_LOCALE] },
          status: 'published',
        });
        documentId = created.documentId;
        present = new Set([DEFAULT_LOCALE]);
        stats.created += 1;
      }
      for (const [code, data] of Object.entries(entry.byLocale)) {
        if (present.has(code)) continue;
        if (seen.has(code)) {
          stats.notRestored += 1;
          continue;
        }
        try {
          // Non-localized attributes are the same in every locale; a required uid (the slug) must be given again.
          await documents.update({ documentId, locale: code, data: { ...entry.shared, ...data }, status: 'published' });
          present.add(code);
          stats.localesAdded += 1;
        } catch (error) {
          stats.failed += 1;
          warn(`${entry.where} [${code}]: ${describeError(error)}`);
        }
      }
      record[id] = [...new Set([...seen, ...present])].sort();
    } catch (error) {
      stats.failed += 1;
      warn(`${entry.where}: ${describeError(error)}`);
    }
  }
  totals[kind.label] = stats;
}

async function main() {
  const started = Date.now();
  const { compileStrapi, createStrapi } = require('@strapi/strapi');
  const app = createStrapi(await compileStrapi({ appDir: cmsDir }));
  app.log.level = process.env.SEED_LOG_LEVEL || 'error';
  await app.load();
  let exitCode = 0;
  try {
    if (!fs.existsSync(contentDir)) warn(`content folder ${contentDir} not found: only locales, permissions and admin`);
    const locales = await ensureLocales(app);
    const granted = await ensurePublicRead(app);
    const registration = await closeRegistration(app);
    const problems = checkPassword(ADMIN_PASSWORD);
    if (problems.length) throw new Error(`CMS_ADMIN_PASSWORD must contain ${problems.join(', ')}`);
    if (!/^[^\s@]+@[^\s@]+$/.test(ADMIN_EMAIL)) throw new Error(`CMS_ADMIN_EMAIL "${ADMIN_EMAIL}" is not an e-mail address`);
    const admin = await ensureAccounts(app, { editorEmail: ADMIN_EMAIL, editorPassword: ADMIN_PASSWORD, varDir: path.join(repoRoot, 'var', 'cms') });
    const help = await ensureFieldHelp(app);
    const token = await ensureServicesToken(app);
    const totals = {};
    const record = (await app.store.get(RECORD)) || {};
    for (const kind of KINDS) {
      await seedKind(app, kind, totals, record);
      await app.store.set({ ...RECORD, value: record });
    }
    const webhook = await ensureWebhook(app, { portalUrl: process.env.PORTAL_INTERNAL_URL || process.env.PORTAL_URL || 'http://127.0.0.1:8000', secret: process.env.PUBLISHING_SECRET });
    const parts = Object.entries(totals).map(
      ([label, s]) =>
        `${label} ${s.created} created/${s.kept} kept/+${s.localesAdded} locales` +
        `${s.notRestored ? `/${s.notRestored} deleted in CMS, not restored` : ''}${s.failed ? `/${s.failed} FAILED` : ''}`,
    );
    console.log(
      `[seed] ${parts.join(', ')}; locales ${locales.length ? `created ${locales.join(',')}` : 'kept'}; ` +
        `public read ${granted.length ? `granted ${granted.length}` : 'kept'}; CMS sign-up ${registration}; accounts ${admin}; site-build webhook ${webhook}; field help on ${help} types; services token ${token}; ` +
        `${warnings.length} warning(s); ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    console.error(`[seed] failed: ${describeError(error)}`);
    exitCode = 1;
  } finally {
    await app.destroy();
  }
  process.exit(exitCode);
}

main().catch((error) => {
  console.error('[seed] failed:', error);
  process.exit(1);
});
