import React from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../http/client';
import type { ReferenceRecord, ReferenceSearch } from '../../http/reference';
import { localeOf, renderInLanguage } from '../../test/store';
import { Codification } from './Codification';

const PATH = '/en/tools/codification/';

/** A declarant as the reference service returns it. */
const declarant = (index: number): ReferenceRecord => ({
  code: `D${String(index).padStart(4, '0')}`,
  description: `Shipping agent ${index}`,
  descriptionTranslated: `শিপিং এজেন্ট ${index}`,
  address1: `${index} Port Road`,
  address1Translated: `${index} বন্দর সড়ক`,
  address2: 'Chattogram, Bangladesh',
  address2Translated: null,
  sample: false,
});

/** The tool's searches (restrictBy AND) answer this; the suggestion lookups find nothing. */
function serve(answer: (body: ReferenceSearch) => { resultList: ReferenceRecord[]; totalCount: number }) {
  return vi.spyOn(http, 'post').mockImplementation(async (_url: string, body?: unknown) => {
    const request = body as ReferenceSearch;
    if (request.restrictBy !== 'AND') return { data: { resultList: [], totalCount: 0 } };
    return { data: answer(request) };
  });
}

const toolSearches = (post: ReturnType<typeof serve>) =>
  post.mock.calls.map(([, body]) => body as ReferenceSearch).filter((body) => body.restrictBy === 'AND');

function render(language = 'en') {
  return renderInLanguage(<Codification language={language} />, language, 'codification');
}

/** Chooses a reference list (by its value) and sends the form. */
function searchIn(table: string, changes: { description?: string } = {}) {
  fireEvent.change(screen.getAllByRole('combobox')[0]!, { target: { value: table } });
  if (changes.description !== undefined)
    fireEvent.change(screen.getByLabelText('Description', { selector: 'input' }), { target: { value: changes.description } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

beforeEach(() => window.history.replaceState(null, '', PATH));
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the codification tool', () => {
  it('says the list could not be loaded when the search fails, not that nothing was found', async () => {
    vi.spyOn(http, 'post').mockRejectedValue(
      Object.assign(new Error('Request failed with status code 500'), { response: { status: 500 } }),
    );
    render();
    searchIn('declarant');
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
    // ResultStatus's "no result" advice (common namespace, not loaded here: its keys show).
    expect(screen.queryByText('results.none')).toBeNull();
    expect(screen.queryByText('results.tryAgain')).toBeNull();
    // Trying again asks the service again, and shows the rows once it answers.
    vi.mocked(http.post).mockResolvedValue({ data: { resultList: [declarant(1)], totalCount: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'D0001' })).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('still says "no result" for a search that finds nothing', async () => {
    serve(() => ({ resultList: [], totalCount: 0 }));
    render();
    searchIn('declarant');
    expect(await screen.findByText('results.none')).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('gives focus back to the code that opened the detail panel when the panel closes', async () => {
    serve(() => ({ resultList: [declarant(1), declarant(2)], totalCount: 2 }));
    vi.spyOn(http, 'get').mockResolvedValue({ data: declarant(2) });
    render();
    searchIn('declarant');
    const opener = await screen.findByRole('button', { name: 'D0002' });
    // Enter on a focused button is a click.
    opener.focus();
    fireEvent.click(opener);
    const panel = await screen.findByRole('complementary');
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('heading')));
    await within(panel).findByText('Shipping agent 2');
    const close = within(panel).getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.textContent).toBe('D0002');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'D0002' }));
  });

  it('keeps the list, the filters and the page in the address, and runs that search again on arrival', async () => {
    const post = serve(() => ({ resultList: [declarant(11)], totalCount: 25 }));
    const first = render();
    searchIn('declarant', { description: 'Shipping' });
    await screen.findByRole('button', { name: 'D0011' });
    fireEvent.change(screen.getByLabelText('Description condition'), { target: { value: 'CONTAINS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(toolSearches(post)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'table.next' }));
    await waitFor(() => expect(toolSearches(post)).toHaveLength(3));
    const params = new URLSearchParams(window.location.search);
    expect(window.location.pathname).toBe(PATH);
    expect(Object.fromEntries(params)).toEqual({
      table: 'declarant',
      description: 'Shipping',
      descriptionCondition: 'CONTAINS',
      page: '2',
    });

    // A reload: a new store, the same address.
    first.unmount();
    post.mockClear();
    render();
    await screen.findByRole('button', { name: 'D0011' });
    expect(toolSearches(post)).toHaveLength(1);
    expect(toolSearches(post)[0]).toMatchObject({
      offset: 10,
      max: 10,
      restrictions: [{ field: 'description', operator: 'CONTAINS', value: 'Shipping' }],
    });
    expect((screen.getAllByRole('combobox')[0] as HTMLSelectElement).value).toBe('declarant');
    expect((screen.getByLabelText('Description', { selector: 'input' }) as HTMLInputElement).value).toBe('Shipping');
    expect((screen.getByLabelText('Description condition') as HTMLSelectElement).value).toBe('CONTAINS');
  });

  it('falls back to the defaults for values of the address it does not know', async () => {
    const post = serve(() => ({ resultList: [declarant(1)], totalCount: 1 }));
    window.history.replaceState(null, '', `${PATH}?table=bank&code=B1&codeCondition=LIKE&page=-2&size=7&address=Dhaka&addressCondition=x`);
    const view = render();
    await screen.findByRole('button', { name: 'D0001' });
    expect(toolSearches(post)[0]).toMatchObject({
      offset: 0,
      max: 10,
      restrictions: [
        { field: 'code', operator: 'STARTS_WITH', value: 'B1' },
        { field: 'address', operator: 'CONTAINS', value: 'Dhaka' },
      ],
    });
    view.unmount();

    // A list the tool does not offer: nothing is searched.
    post.mockClear();
    window.history.replaceState(null, '', `${PATH}?table=ministry&code=1`);
    render();
    await act(async () => undefined);
    expect(toolSearches(post)).toHaveLength(0);
    expect((screen.getAllByRole('combobox')[0] as HTMLSelectElement).value).toBe('');
  });

  it('says beside the export buttons that the export holds only the first 1,000 records', async () => {
    serve(() => ({ resultList: [declarant(1)], totalCount: 2500 }));
    render();
    searchIn('declarant');
    expect(await screen.findByText('The export holds the first 1,000 of 2,500 records.')).toBeTruthy();
  });

  it('says nothing of a limit when every record fits in the export', async () => {
    serve(() => ({ resultList: [declarant(1)], totalCount: 1000 }));
    render();
    searchIn('declarant');
    await screen.findByRole('button', { name: 'D0001' });
    expect(screen.queryByText(/export holds the first/)).toBeNull();
  });

  it.each([
    ['en', 'Description (Bengali)', 'Address line 1 (Bengali)'],
    ['ar', 'الوصف (البنغالية)', 'سطر العنوان 1 (البنغالية)'],
  ])('names the language of the translated texts in the detail panel (%s)', async (language, description, address) => {
    serve(() => ({ resultList: [declarant(1)], totalCount: 1 }));
    vi.spyOn(http, 'get').mockResolvedValue({ data: declarant(1) });
    render(language);
    const texts = localeOf(language, 'codification') as { form: { search: string } };
    fireEvent.change(screen.getAllByRole('combobox')[0]!, { target: { value: 'declarant' } });
    fireEvent.click(screen.getByRole('button', { name: texts.form.search }));
    fireEvent.click(await screen.findByRole('button', { name: 'D0001' }));
    const panel = await screen.findByRole('complementary');
    await within(panel).findByText('শিপিং এজেন্ট 1');
    const terms = within(panel)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toContain(description);
    expect(terms).toContain(address);
    expect(terms.join(' ')).not.toMatch(/Translated|translated|مترجم/);
    expect(within(panel).getByText('শিপিং এজেন্ট 1').getAttribute('lang')).toBe('bn');
  });
});
