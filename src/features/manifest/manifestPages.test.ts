import { createElement as h, type ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { AxiosError, AxiosHeaders } from 'axios';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { http } from '../../http/client';
import { localeOf } from '../../test/store';
import { DATE_FIELDS, EMPTY_FORM, formErrors, type ManifestForm, type Vessel } from './api';
import { ManifestSearch } from './ManifestSearch';
import { ManifestLatest } from './ManifestLatest';

vi.mock('gatsby', () => ({ Link: ({ to, children }: { to: string; children?: ReactNode }) => h('a', { href: to }, children) }));

afterEach(() => {
  vi.restoreAllMocks();
  // The search a page keeps for the tab is not the next test's.
  window.sessionStorage.clear();
});

const LANGUAGES = ['en', 'fr', 'es', 'ar', 'bn'];

/** A page of the tool in a language, with its texts and the portal's common ones (results, paging). */
function renderPage(element: ReturnType<typeof h>, language = 'en') {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    ns: ['manifest', 'common'],
    resources: { [language]: { manifest: localeOf(language, 'manifest'), common: localeOf(language, 'common') } },
    interpolation: { escapeValue: false },
  });
  return render(h(Provider, { store: makeStore(), children: h(I18nextProvider, { i18n }, element) }));
}

const form = (changes: Partial<ManifestForm>): ManifestForm => ({ ...EMPTY_FORM, ...changes });
const texts = (language: string, key: string) => localeOf(language, 'manifest')[key] as Record<string, string>;

describe('manifest date ranges', () => {
  it('refuses a range whose end is before its start, for each date field; an equal or missing end is a range', () => {
    for (const field of DATE_FIELDS) {
      expect(formErrors(form({ [field]: { operator: 'BETWEEN', start: '2026-11-29', end: '2026-10-30' } }))).toEqual({
        [field]: 'endBeforeStart',
      });
      expect(formErrors(form({ [field]: { operator: 'BETWEEN', start: '2026-11-29', end: '2026-11-29' } }))).toEqual({});
      expect(formErrors(form({ [field]: { operator: 'BETWEEN', start: '2026-11-29', end: '' } }))).toEqual({});
      // The end of another condition is not sent: it is not checked either.
      expect(formErrors(form({ [field]: { operator: 'GREATER_THAN', start: '2026-11-29', end: '2026-10-30' } }))).toEqual({});
    }
  });
  it('says so at the end date, in every language, and sends no request', async () => {
    for (const language of LANGUAGES) {
      const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { resultList: [], totalCount: 0 } });
      const view = renderPage(h(ManifestSearch, { language }), language);
      const op = view.container.querySelector('#manifest-registrationDate-op') as HTMLSelectElement;
      fireEvent.change(op, { target: { value: 'BETWEEN' } });
      fireEvent.change(view.container.querySelector('#manifest-registrationDate')!, { target: { value: '2026-11-29' } });
      const end = view.container.querySelector('#manifest-registrationDate-end') as HTMLInputElement;
      fireEvent.change(end, { target: { value: '2026-10-30' } });
      fireEvent.submit(view.container.querySelector('form')!);
      const message = texts(language, 'validation').endBeforeStart;
      expect(message).toBeTruthy();
      const error = view.getByText(message);
      expect(end.getAttribute('aria-invalid')).toBe('true');
      expect(end.getAttribute('aria-describedby')).toBe(error.id);
      expect(document.activeElement).toBe(end);
      expect(post).not.toHaveBeenCalled();
      // Corrected, the range is searched.
      fireEvent.change(end, { target: { value: '2026-12-30' } });
      expect(view.queryByText(message)).toBeNull();
      fireEvent.submit(view.container.querySelector('form')!);
      await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
      view.unmount();
      vi.restoreAllMocks();
      // Each language is a new visitor: the search this one kept for its tab is not the next one's.
      window.sessionStorage.clear();
    }
  });
  it('the end date message is translated', () => {
    const english = texts('en', 'validation').endBeforeStart;
    for (const language of LANGUAGES.filter((language) => language !== 'en'))
      expect(texts(language, 'validation').endBeforeStart).not.toBe(english);
  });
});

describe('a failed manifest search', () => {
  it('shows that the search could not be completed, not "No result found"', async () => {
    const response = { status: 400, statusText: '', headers: {}, config: { headers: new AxiosHeaders() }, data: {} };
    vi.spyOn(http, 'post').mockRejectedValue(new AxiosError('400', 'ERR_BAD_REQUEST', undefined, undefined, response));
    const view = renderPage(h(ManifestSearch, { language: 'en' }));
    fireEvent.change(view.container.querySelector('#manifest-voyageNumber')!, { target: { value: '012N' } });
    fireEvent.submit(view.container.querySelector('form')!);
    const failed = texts('en', 'results').failed;
    expect(failed).toBeTruthy();
    expect(await view.findByText(failed)).toBeTruthy();
    expect(view.queryByText((localeOf('en', 'common').results as Record<string, string>).none)).toBeNull();
    for (const language of LANGUAGES.filter((language) => language !== 'en')) expect(texts(language, 'results').failed).not.toBe(failed);
  });
  it('still says "No result found" when the search found nothing', async () => {
    vi.spyOn(http, 'post').mockResolvedValue({ data: { resultList: [], totalCount: 0 } });
    const view = renderPage(h(ManifestSearch, { language: 'en' }));
    fireEvent.change(view.container.querySelector('#manifest-voyageNumber')!, { target: { value: '012N' } });
    fireEvent.submit(view.container.querySelector('form')!);
    expect(await view.findByText((localeOf('en', 'common').results as Record<string, string>).none)).toBeTruthy();
    expect(view.queryByText(texts('en', 'results').failed)).toBeNull();
  });
});

describe('latest manifests and vessels', () => {
  const vessel = (n: number): Vessel => ({
    vesselName: `Vessel ${n}`,
    vesselImo: String(9000000 + n),
    flag: 'SG',
    vesselType: 'Container ship',
    status: n % 2 ? 'Moored' : 'Underway',
    lastPort: 'SGSIN',
    lastPortName: 'Singapore',
    nextPort: 'BDCGP',
    nextPortName: 'Chittagong',
    voyageNumber: `${n}N`,
    arrivalDate: '2026-11-01',
    sample: true,
  });
  it('pages the vessels 10 at a time with the paging control of the tool', async () => {
    const vessels = Array.from({ length: 140 }, (_, index) => vessel(index + 1));
    vi.spyOn(http, 'get').mockImplementation(async (url: string) =>
      url.endsWith('vessels')
        ? { data: { resultList: vessels, totalCount: 140, statusCounts: { Underway: 70, Moored: 70, Stopped: 0, Other: 0 } } }
        : { data: { resultList: [] } },
    );
    const view = renderPage(h(ManifestLatest, { language: 'en' }));
    const table = await view.findByRole('table', { name: '140 vessels' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Vessel 1')).toBeTruthy();
    const pager = view.getByRole('navigation', { name: 'Result pages' });
    expect(within(pager).getByText('1–10 of 140')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(within(table).getByText('Vessel 11')).toBeTruthy();
    expect(within(table).queryByText('Vessel 1')).toBeNull();
    expect(within(pager).getByText('11–20 of 140')).toBeTruthy();
    fireEvent.change(within(pager).getByRole('combobox'), { target: { value: '25' } });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(within(table).getByText('Vessel 1')).toBeTruthy();
    // Another status starts from its first page.
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(within(pager).getByText('26–50 of 140')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Moored (70)' }));
    const moored = await view.findByRole('table', { name: '140 vessels' });
    await waitFor(() => expect(within(view.getByRole('navigation', { name: 'Result pages' })).getByText('1–25 of 140')).toBeTruthy());
    expect(within(moored).getAllByRole('row')).toHaveLength(26);
  });
});

describe('manifest form placeholders', () => {
  it('are short enough for their field and keep their example, in every language', () => {
    for (const language of LANGUAGES) {
      const placeholders = texts(language, 'placeholders');
      for (const [field, text] of Object.entries(placeholders)) {
        expect(text.length, `${language} ${field}: ${text}`).toBeLessThanOrEqual(12);
        const example = texts('en', 'placeholders')[field].replace(/^e\.g\. /, '');
        if (example) expect(text).toContain(example);
      }
    }
    expect(texts('en', 'placeholders').placeOfDeparture).toBe('e.g. SGSIN');
  });
});
