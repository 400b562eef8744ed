import { createElement as h } from 'react';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../http/client';
import { localeOf, renderInLanguage } from '../../test/store';
import { TradersGuide } from './TradersGuide';

const LANGUAGES = ['en', 'fr', 'es', 'ar', 'bn'];

beforeEach(() => {
  window.sessionStorage.clear();
  const lists: Record<string, unknown[]> = {
    modelOfDeclaration: [
      { code: 'IM', generalProcedureCode: '4', description: 'Import for home use' },
      { code: 'EX', generalProcedureCode: '1', description: 'Export' },
    ],
    country: [{ code: 'CN', description: 'China' }],
    extendedProcedure: [
      { requestedProcedureCode: '40', previousProcedureCode: '00', description: 'Release for free circulation' },
      { requestedProcedureCode: '10', previousProcedureCode: '00', description: 'Permanent export' },
    ],
    commodity: [
      { code: '09012110', description: 'Roasted coffee' },
      { code: '61091000', description: 'T-shirts of cotton' },
      { code: '85171300', description: 'Smartphones' },
    ],
  };
  vi.spyOn(http, 'get').mockRejectedValue(new Error('404'));
  vi.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => {
    const entity = /reference-service\/(\w+)\/search/.exec(url)?.[1] ?? '';
    const codes = (body as { restrictions?: Array<{ values?: string[] }> } | undefined)?.restrictions?.[0]?.values;
    const rows = (lists[entity] ?? []).filter((row) => !codes || codes.includes(String((row as { code: string }).code)));
    return { data: { resultList: rows, totalCount: rows.length } };
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

function renderGuide(language = 'en') {
  const view = renderInLanguage(h(TradersGuide, { language }), language, 'tradersGuide');
  const field = (name: string) => view.container.querySelector(`[id$="-${name}"]`) as HTMLInputElement;
  const add = async (code: string, procedure = '4000') => {
    const count = view.container.querySelectorAll('tbody tr').length;
    await waitFor(() => expect(view.container.querySelector(`option[value="${procedure}"]`)).not.toBeNull());
    fireEvent.change(field('commodityCode'), { target: { value: code } });
    fireEvent.change(field('extendedProcedureCode'), { target: { value: procedure } });
    fireEvent.submit(field('commodityCode').closest('form')!);
    await waitFor(() => expect(view.container.querySelectorAll('tbody tr')).toHaveLength(count + 1));
  };
  const rows = () => [...view.container.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[1].textContent);
  const remove = (index: number) => fireEvent.click(view.getByRole('button', { name: `Remove consignment ${index}` }));
  return { view, field, add, rows, remove };
}

describe('removing a consignment', () => {
  it('moves the focus to the next consignment, else the previous one, else the add button', async () => {
    const guide = renderGuide();
    await guide.add('09012110');
    await guide.add('61091000');
    await guide.add('85171300');
    guide.remove(1);
    expect(guide.rows().map((text) => text?.slice(0, 8))).toEqual(['61091000', '85171300']);
    // The next consignment is now the first: its remove button.
    expect(document.activeElement?.textContent).toBe('Remove consignment 1');
    expect(document.activeElement).toBe(guide.view.getAllByRole('button', { name: /^Remove consignment/ })[0]);
    guide.remove(2);
    expect(document.activeElement?.textContent).toBe('Remove consignment 1');
    guide.remove(1);
    expect(guide.rows()).toEqual([]);
    expect(document.activeElement).toBe(guide.view.getByRole('button', { name: 'Add consignment' }));
  });
});

describe('consignments kept for the browser tab', () => {
  it('come back after a reload, with the type of declaration', async () => {
    const first = renderGuide();
    await first.add('09012110');
    await first.add('61091000');
    first.view.unmount();
    const again = renderGuide();
    await waitFor(() => expect(again.rows().map((text) => text?.slice(0, 8))).toEqual(['09012110', '61091000']));
    expect(again.view.getByRole('heading', { name: 'Consignments (2)' })).toBeTruthy();
    expect(again.field('type').value).toBe('IM');
  });
  it('are cleared by a reset', async () => {
    const first = renderGuide();
    await first.add('09012110');
    fireEvent.click(first.view.getByRole('button', { name: 'Start again' }));
    expect(first.rows()).toEqual([]);
    first.view.unmount();
    const again = renderGuide();
    await waitFor(() => expect(again.view.container.querySelector('option[value="4000"]')).not.toBeNull());
    expect(again.rows()).toEqual([]);
    expect(window.sessionStorage.length).toBe(0);
  });
  it('are cleared by a change of regime that is confirmed, and kept when it is not', async () => {
    const first = renderGuide();
    await first.add('09012110');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    fireEvent.change(first.field('type'), { target: { value: 'EX' } });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(first.rows()).toHaveLength(1);
    first.view.unmount();

    const second = renderGuide();
    await waitFor(() => expect(second.rows()).toHaveLength(1));
    vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    fireEvent.change(second.field('type'), { target: { value: 'EX' } });
    expect(second.rows()).toEqual([]);
    second.view.unmount();

    const third = renderGuide();
    await waitFor(() => expect(third.view.container.querySelector('option[value="EX"]')).not.toBeNull());
    expect(third.rows()).toEqual([]);
    expect(third.field('type').value).toBe('IM');

    // Consignments of the new regime come back with it (without consignments, no confirmation is asked).
    fireEvent.change(third.field('type'), { target: { value: 'EX' } });
    await third.add('61091000', '1000');
    third.view.unmount();
    const fourth = renderGuide();
    await waitFor(() => expect(fourth.rows()).toHaveLength(1));
    expect(fourth.field('type').value).toBe('EX');
  });
  it('ignores what it cannot read', async () => {
    window.sessionStorage.setItem('guichet.tradersGuide', '{not json');
    const guide = renderGuide();
    await guide.add('09012110');
    expect(guide.rows()).toHaveLength(1);
  });
});

describe('the mandatory field message', () => {
  it('has the wording of the other tools in every language', () => {
    for (const language of LANGUAGES) {
      const guide = (localeOf(language, 'tradersGuide').errors as Record<string, string>).mandatory;
      const taxation = (localeOf(language, 'taxation').validation as Record<string, string>).required;
      expect(guide, language).toBe(taxation);
    }
  });
  it('says "This field is mandatory" for a consignment without its commodity or procedure', async () => {
    const guide = renderGuide();
    await waitFor(() => expect(guide.view.container.querySelector('option[value="4000"]')).not.toBeNull());
    fireEvent.submit(guide.field('commodityCode').closest('form')!);
    const form = guide.field('commodityCode').closest('form')!;
    expect(within(form as HTMLElement).getAllByText('This field is mandatory')).toHaveLength(2);
  });
  it('says at once that a commodity typed as words is no code, and adds nothing', async () => {
    const guide = renderGuide();
    await waitFor(() => expect(guide.view.container.querySelector('option[value="4000"]')).not.toBeNull());
    fireEvent.change(guide.field('commodityCode'), { target: { value: 'abc' } });
    fireEvent.submit(guide.field('commodityCode').closest('form')!);
    expect(await guide.view.findByText(/Choose a commodity from the suggestions, or type its code in digits/)).toBeTruthy();
    expect(guide.field('commodityCode').getAttribute('aria-invalid')).toBe('true');
    expect(guide.view.container.querySelectorAll('tbody tr')).toHaveLength(0);
  });
});
