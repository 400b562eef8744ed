import { LOCALES, messages, type Locale, type Messages } from './messages.js';

const DIRECTION: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', fr: 'ltr', es: 'ltr', ar: 'rtl', bn: 'ltr' };
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', es: 'Español', ar: 'العربية', bn: 'বাংলা' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

export const format = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

interface PageOptions {
  locale: Locale;
  title: string;
  body: string;
  /** Where the language links point (the same page in another language). */
  localeHref?: (locale: Locale) => string;
  portalUrl: string;
  resources: string;
}

/** The frame of every identity page: the portal's look, the page's language and direction. */
export function page({ locale, title, body, localeHref, portalUrl, resources }: PageOptions): string {
  const t = messages(locale);
  const languages = localeHref
    ? `<nav class="languages" aria-label="${escapeHtml(t.language)}"><ul>${LOCALES.map((code) =>
        code === locale
          ? `<li><span aria-current="true" lang="${code}">${LANGUAGE_NAMES[code]}</span></li>`
          : `<li><a href="${escapeHtml(localeHref(code))}" lang="${code}" hreflang="${code}">${LANGUAGE_NAMES[code]}</a></li>`,
      ).join('')}</ul></nav>`
    : '';
  return `<!doctype html>
<html lang="${locale}" dir="${DIRECTION[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Guichet</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${resources}/identity.css">
</head>
<body>
<header class="bar"><a class="brand" href="${escapeHtml(portalUrl)}/${locale}/">Guichet</a>${languages}</header>
<main class="card">
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export interface FieldError {
  field: string;
  message: string;
}

/** Longest value of each field the identity forms take (longer is refused, never cut). */
export const FIELD_MAX: Record<string, number> = {
  login: 200,
  email: 200,
  firstName: 100,
  lastName: 100,
  password: 200,
  passwordConfirm: 200,
};

function field(
  t: Messages,
  name: keyof Messages,
  type: string,
  options: { value?: string; autocomplete: string; errors: FieldError[]; autofocus?: boolean },
): string {
  const error = options.errors.find((item) => item.field === name);
  const id = `field-${name}`;
  // The first field to correct takes the focus when the page comes back with errors.
  const focus = options.autofocus ?? options.errors[0]?.field === name;
  return `<div class="field">
<label for="${id}">${escapeHtml(t[name])}</label>
<input id="${id}" name="${name}" type="${type}" autocomplete="${options.autocomplete}" maxlength="${FIELD_MAX[name] ?? 200}" required${
    options.value !== undefined ? ` value="${escapeHtml(options.value)}"` : ''
  }${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}${focus ? ' autofocus' : ''}>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error.message)}</p>` : ''}
</div>`;
}

/** Hidden fields of a form: its signed context (sign-in, registration) or reset key, and its CSRF value. */
const hiddenFields = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');

export function loginForm(
  t: Messages,
  input: {
    action: string;
    context: string;
    csrf: string;
    login?: string;
    error?: string;
    errors?: FieldError[];
    registerHref?: string;
    resetHref: string;
  },
): string {
  const errors = input.errors ?? [];
  return `${input.error ? `<p class="alert" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${hiddenFields({ context: input.context, csrf: input.csrf })}
${field(t, 'login', 'email', { value: input.login ?? '', autocomplete: 'username', errors, autofocus: Boolean(input.error) || undefined })}
${field(t, 'password', 'password', { autocomplete: 'current-password', errors })}
<button type="submit">${escapeHtml(t.signIn)}</button>
</form>
<p class="switch"><a href="${escapeHtml(input.resetHref)}">${escapeHtml(t.forgotPassword)}</a></p>
${input.registerHref ? `<p class="switch">${escapeHtml(t.noAccount)} <a href="${escapeHtml(input.registerHref)}">${escapeHtml(t.register)}</a></p>` : ''}`;
}

/** The request of a reset link: the account's e-mail. */
export function resetRequestForm(
  t: Messages,
  input: { action: string; csrf: string; locale: string; email: string; errors: FieldError[] },
): string {
  return `<p>${escapeHtml(t.resetIntro)}</p>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${hiddenFields({ csrf: input.csrf, locale: input.locale })}
${field(t, 'email', 'email', { value: input.email, autocomplete: 'email', errors: input.errors })}
<button type="submit">${escapeHtml(t.resetSend)}</button>
</form>`;
}

/** The new password, from a reset link (its key travels with the form). */
export function newPasswordForm(
  t: Messages,
  input: { action: string; csrf: string; locale: string; resetKey: string; errors: FieldError[] },
): string {
  return `<form method="post" action="${escapeHtml(input.action)}" novalidate>
${hiddenFields({ csrf: input.csrf, locale: input.locale, key: input.resetKey })}
${field(t, 'password', 'password', { autocomplete: 'new-password', errors: input.errors, autofocus: input.errors.length === 0 || undefined })}
${field(t, 'passwordConfirm', 'password', { autocomplete: 'new-password', errors: input.errors })}
<button type="submit">${escapeHtml(t.savePassword)}</button>
</form>`;
}

export function registrationForm(
  t: Messages,
  input: {
    action: string;
    context: string;
    csrf: string;
    values: { firstName?: string; lastName?: string; email?: string };
    errors: FieldError[];
    loginHref: string;
  },
): string {
  const { values, errors } = input;
  return `<p class="note">${escapeHtml(t.registerNote)}</p>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${hiddenFields({ context: input.context, csrf: input.csrf })}
${field(t, 'firstName', 'text', { value: values.firstName ?? '', autocomplete: 'given-name', errors })}
${field(t, 'lastName', 'text', { value: values.lastName ?? '', autocomplete: 'family-name', errors })}
${field(t, 'email', 'email', { value: values.email ?? '', autocomplete: 'email', errors })}
${field(t, 'password', 'password', { autocomplete: 'new-password', errors })}
${field(t, 'passwordConfirm', 'password', { autocomplete: 'new-password', errors })}
<button type="submit">${escapeHtml(t.createAccount)}</button>
</form>
<p class="switch">${escapeHtml(t.haveAccount)} <a href="${escapeHtml(input.loginHref)}">${escapeHtml(t.signIn)}</a></p>`;
}

export function messagePage(text: string, link?: { href: string; label: string }): string {
  return `<p>${escapeHtml(text)}</p>${link ? `<p><a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`;
}

export const IDENTITY_CSS = `
:root{--navy:#0b3d5c;--teal:#0f6e6e;--ink:#1b2631;--muted:#4a5a68;--line:#d5dde4;--canvas:#f3f6f8;--focus:#c25400}
*{box-sizing:border-box}
body{margin:0;font-family:'Noto Sans','Segoe UI',system-ui,sans-serif;color:var(--ink);background:var(--canvas);line-height:1.5}
html:lang(ar) body{font-family:'Noto Sans Arabic','Segoe UI',Tahoma,sans-serif}
html:lang(bn) body{font-family:'Noto Sans Bengali',Vrinda,sans-serif}
.bar{background:var(--navy);color:#fff;display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5rem;padding:.75rem 1.25rem}
.brand{color:#fff;font-weight:700;font-size:1.25rem;text-decoration:none}
.languages ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.75rem}
.languages a,.languages span{color:#fff}
.card{max-width:min(28rem,calc(100% - 1.5rem));margin:2rem auto;background:#fff;border:1px solid var(--line);border-radius:10px;padding:1.5rem;overflow-wrap:anywhere}
.card:has(table){max-width:min(60rem,calc(100% - 1.5rem));overflow-x:auto}
table{border-collapse:collapse}th,td{padding:.35rem .5rem;border-bottom:1px solid var(--line);text-align:start;vertical-align:top}
h1{margin-top:0;font-size:1.5rem;color:var(--navy)}
.field{display:grid;gap:.3rem;margin-bottom:1rem}
label{font-weight:600}
input{font:inherit;padding:.55rem .7rem;border:1px solid #8a9aa8;border-radius:8px;inline-size:100%;min-inline-size:0}
input[type=checkbox],input[type=radio]{inline-size:auto}
input[aria-invalid=true]{border-color:#b42318;box-shadow:0 0 0 1px #b42318}
button,.button{font:inherit;font-weight:600;background:var(--teal);color:#fff;border:0;border-radius:8px;padding:.6rem 1.2rem;cursor:pointer;text-decoration:none;display:inline-block}
a{color:var(--teal)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.alert,.error{color:#b42318;font-weight:600;margin:.25rem 0}
.alert{border-inline-start:4px solid #b42318;padding:.5rem .75rem;background:#fef3f2}
.note,.switch{color:var(--muted)}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{font-weight:600}dd{margin:0}
`;

/** Answers keycloak-js's session iframe: is the browser's session still the one the app's token belongs to? */
export const LOGIN_STATUS_JS = `
window.addEventListener('message', function (event) {
  if (typeof event.data !== 'string' || !event.source) return;
  var parts = event.data.split(' ');
  var sid = parts[1] || '';
  var match = document.cookie.split('; ').filter(function (c) { return c.indexOf('GUICHET_SESSION=') === 0; })[0];
  var current = match ? decodeURIComponent(match.slice('GUICHET_SESSION='.length)) : '';
  event.source.postMessage(sid && current === sid ? 'unchanged' : 'changed', event.origin);
});
`;

/**
 * keycloak-js's third-party cookie check: can this frame keep a cookie? Over http (the embedded default,
 * same site as the portal) a SameSite=None cookie needs Secure and would be refused, so it uses Lax there.
 */
export const THIRD_PARTY_COOKIES_JS = `
var attributes = location.protocol === 'https:' ? '; SameSite=None; Secure' : '; SameSite=Lax';
document.cookie = 'GUICHET_3P_TEST=supported; path=/' + attributes;
var supported = document.cookie.indexOf('GUICHET_3P_TEST=supported') !== -1;
document.cookie = 'GUICHET_3P_TEST=; path=/; max-age=0' + attributes;
window.parent.postMessage(supported ? 'supported' : 'unsupported', '*');
`;

export function scriptPage(src: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guichet session</title><script src="${src}"></script></head><body></body></html>`;
}
