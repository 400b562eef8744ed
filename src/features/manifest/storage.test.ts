import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_FORM, type ManifestForm } from './api';
import { loadManifestSearch, MANIFEST_STORAGE_KEY, saveManifestSearch } from './storage';

afterEach(() => window.sessionStorage.clear());

describe('the manifest search kept for the tab', () => {
  const form: ManifestForm = { ...EMPTY_FORM, placeOfDeparture: { operator: 'EQUALS', value: 'SGSIN' } };
  const query = { restrictions: [{ field: 'placeOfDeparture', operator: 'EQUALS', value: 'SGSIN' }], page: 2, size: 10 };

  it('comes back with its form and its search', () => {
    saveManifestSearch({ form, query });
    expect(loadManifestSearch()).toEqual({ form, query });
  });

  it('reads nothing of another shape, and a form without a search keeps only the form', () => {
    window.sessionStorage.setItem(MANIFEST_STORAGE_KEY, JSON.stringify({ form: { arrivalDate: 1 }, query }));
    expect(loadManifestSearch()).toBeNull();
    window.sessionStorage.setItem(MANIFEST_STORAGE_KEY, JSON.stringify({ form, query: { restrictions: 'x', page: 1, size: 10 } }));
    expect(loadManifestSearch()).toEqual({ form, query: null });
    window.sessionStorage.setItem(MANIFEST_STORAGE_KEY, '[');
    expect(loadManifestSearch()).toBeNull();
  });
});
