import { loadFromTab, saveToTab } from '../../app/tabStorage';
import { EMPTY_FORM, type ManifestForm, type ManifestQuery } from './api';

/** Where the search form and the search shown are kept for the browser tab: a reload or a change of language loses neither. */
export const MANIFEST_STORAGE_KEY = 'guichet.manifestSearch';

export interface StoredManifestSearch {
  form: ManifestForm;
  query: ManifestQuery | null;
}

const isText = (value: unknown) => typeof value === 'string';

/** A form of the same fields as the tool's, each of texts only. */
function formOf(value: unknown): ManifestForm | null {
  if (!value || typeof value !== 'object') return null;
  const form = value as Record<string, Record<string, unknown> | undefined>;
  for (const [field, empty] of Object.entries(EMPTY_FORM)) {
    const criterion = form[field];
    if (!criterion || !Object.keys(empty).every((key) => isText(criterion[key]))) return null;
  }
  return Object.fromEntries(
    Object.entries(EMPTY_FORM).map(([field, empty]) => [
      field,
      Object.fromEntries(Object.keys(empty).map((key) => [key, form[field]![key]])),
    ]),
  ) as unknown as ManifestForm;
}

function queryOf(value: unknown): ManifestQuery | null {
  const query = value as Partial<ManifestQuery> | null;
  if (!query || !Number.isInteger(query.page) || !Number.isInteger(query.size) || !Array.isArray(query.restrictions)) return null;
  const valid = query.restrictions.every(
    (item) => item && isText(item.field) && isText(item.operator) && (isText(item.value) || typeof item.value === 'number'),
  );
  return valid && query.restrictions.length ? (query as ManifestQuery) : null;
}

/** The search kept for this tab; null when there is none or it cannot be read. */
export function loadManifestSearch(): StoredManifestSearch | null {
  return loadFromTab(MANIFEST_STORAGE_KEY, (stored) => {
    const value = stored as { form?: unknown; query?: unknown } | null;
    const form = formOf(value?.form);
    return form ? { form, query: queryOf(value?.query) } : null;
  });
}

export function saveManifestSearch(search: StoredManifestSearch): void {
  saveToTab(MANIFEST_STORAGE_KEY, search);
}
