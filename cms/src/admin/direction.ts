/** Locales written right to left. */
const RTL_LOCALES = new Set(['ar']);
/** Fields that are codes, not text: they stay left to right. */
const CODE_FIELDS = new Set(['slug', 'file', 'date', 'order', 'size']);

/** The locale of the entry being edited, from the edit view's address (?plugins[i18n][locale]=ar). */
function editedLocale(): string | null {
  return new URLSearchParams(window.location.search).get('plugins[i18n][locale]');
}

type CodeMirrorElement = HTMLElement & { CodeMirror?: { setOption(name: string, value: string): void; getOption(name: string): string } };

/** Sets the direction of every text field, and of the Markdown editor, to the edited locale's. */
function applyDirection(): void {
  if (!window.location.pathname.includes('/content-manager/')) return;
  const direction = RTL_LOCALES.has(editedLocale() ?? '') ? 'rtl' : 'ltr';
  document.querySelectorAll<HTMLElement>('main input[type="text"], main textarea').forEach((field) => {
    const wanted = CODE_FIELDS.has(field.getAttribute('name') ?? '') || !field.getAttribute('name') ? 'ltr' : direction;
    if (field.getAttribute('dir') !== wanted) field.setAttribute('dir', wanted);
  });
  document.querySelectorAll<CodeMirrorElement>('main .CodeMirror').forEach((element) => {
    if (element.CodeMirror && element.CodeMirror.getOption('direction') !== direction) element.CodeMirror.setOption('direction', direction);
  });
}

/**
 * Strapi's edit view keeps fields left-to-right whatever the locale: "## ما الذي تغيّر" showed as
 * "ما الذي تغيّر ##". The fields follow the locale being edited, also after switching locale in place.
 */
export function followLocaleDirection(): void {
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      applyDirection();
    });
  };
  new MutationObserver(schedule).observe(document.body, { childList: true, subtree: true });
  window.addEventListener('popstate', schedule);
  schedule();
}
