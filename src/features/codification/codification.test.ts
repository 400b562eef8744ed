import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { http } from '../../http/client';
import type { ReferenceRecord } from '../../http/reference';
import {
  codificationApi,
  codificationRequest,
  detailKey,
  flowKey,
  impossibleExtendedProcedure,
  shownCode,
  type CodificationFilter,
} from './api';
import { DEFAULT_PAGING, EMPTY_FILTER, openDetail, searchShown, selectCodification } from './slice';
import { queryFromSearch, searchFromQuery } from './query-string';
import { countText, exportLimitNote, exportTableOf } from './export';
import i18next from 'i18next';
import { localeOf } from '../../test/store';

afterEach(() => vi.restoreAllMocks());

const filter = (changes: Partial<CodificationFilter>): CodificationFilter => ({ ...EMPTY_FILTER, ...changes });

describe('codification requests', () => {
  it('defaults to page number 0, size 10, code ascending, with offset = pageNumber x size', () => {
    expect(DEFAULT_PAGING).toEqual({ pageNumber: 0, size: 10, sort: 'code', order: 'ASC' });
    const request = codificationRequest(
      filter({ referenceTable: 'declarant', description: 'Shipping', descriptionCondition: 'CONTAINS' }),
      { ...DEFAULT_PAGING, pageNumber: 3 },
      false,
    );
    expect(request).toMatchObject({ max: 10, offset: 30, restrictBy: 'AND', sortByFields: [{ field: 'code', order: 'ASC' }] });
    expect(request.restrictions).toEqual([{ field: 'description', operator: 'CONTAINS', value: 'Shipping' }]);
  });
  it('sends what shows of a description or address, no NUL pasted with it, and no more than the service reads', () => {
    const request = (changes: Partial<CodificationFilter>) =>
      codificationRequest(filter({ referenceTable: 'bank', ...changes }), DEFAULT_PAGING, false);
    expect(request({ description: 'Lotus\u0000', descriptionCondition: 'CONTAINS' }).restrictions).toEqual([
      { field: 'description', operator: 'CONTAINS', value: 'Lotus' },
    ]);
    expect(request({ description: ' Lotus\u0000 ' }).keywords).toBe('Lotus');
    expect(request({ description: 'x'.repeat(5000), descriptionCondition: 'CONTAINS' }).restrictions?.[0]).toMatchObject({
      value: 'x'.repeat(1000),
    });
    expect(request({ description: 'x'.repeat(5000) }).keywords).toHaveLength(2000);
    expect(request({ description: '\u0000' }).keywords).toBeUndefined();
  });
  it('lists models of declaration by general procedure code, then code, and extended procedures by their two parts, until a column is sorted', () => {
    expect(codificationRequest(filter({ referenceTable: 'modelOfDeclaration' }), DEFAULT_PAGING, false).sortByFields).toEqual([
      { field: 'generalProcedureCode', order: 'ASC' },
      { field: 'code', order: 'ASC' },
    ]);
    expect(codificationRequest(filter({ referenceTable: 'extendedProcedure' }), DEFAULT_PAGING, false).sortByFields?.[0]).toEqual({
      field: 'requestedProcedureCode',
      order: 'ASC',
    });
    expect(
      codificationRequest(filter({ referenceTable: 'modelOfDeclaration' }), { ...DEFAULT_PAGING, order: 'DESC' }, false).sortByFields,
    ).toEqual([{ field: 'code', order: 'DESC' }]);
  });
  it('reads digits typed in Arabic or Bengali script as the Latin digits of the codes', () => {
    const extended = filter({ referenceTable: 'extendedProcedure', code: '٤٠٠٠', codeCondition: 'EQUALS' });
    expect(impossibleExtendedProcedure(extended)).toBe(false);
    expect(codificationRequest(extended, DEFAULT_PAGING, false).restrictions).toEqual([
      { field: 'requestedProcedureCode', operator: 'EQUALS', value: '40' },
      { field: 'previousProcedureCode', operator: 'EQUALS', value: '00' },
    ]);
    expect(codificationRequest(filter({ referenceTable: 'customsOffice', code: '৩০১' }), DEFAULT_PAGING, true).restrictions).toEqual([
      { field: 'code', operator: 'STARTS_WITH', value: '301' },
    ]);
  });
  it('uses each condition, All meaning code starts with and address contains', () => {
    const request = codificationRequest(
      filter({
        referenceTable: 'bank',
        code: 'BK',
        codeCondition: '',
        description: 'Bank',
        descriptionCondition: 'STARTS_WITH',
        address: 'Dhaka',
      }),
      DEFAULT_PAGING,
      true,
    );
    expect(request.restrictions).toEqual([
      { field: 'code', operator: 'STARTS_WITH', value: 'BK' },
      { field: 'descriptionTranslated', operator: 'STARTS_WITH', value: 'Bank' },
      { field: 'address', operator: 'CONTAINS', value: 'Dhaka' },
    ]);
  });
  it('finds tariff lines by keywords (best first, HS texts in the page language) when the description condition is All', () => {
    const request = codificationRequest(filter({ referenceTable: 'commodity', description: 'chaussures' }), DEFAULT_PAGING, false, 'fr');
    expect(request).toMatchObject({ keywords: 'chaussures', lang: 'fr', restrictions: [{ field: 'code', operator: 'IS_NOT_NULL' }] });
    expect(request.sortByFields).toBeUndefined();
    const byCode = codificationRequest(
      filter({ referenceTable: 'commodity', description: 'chaussures' }),
      { ...DEFAULT_PAGING, order: 'DESC' },
      false,
      'fr',
    );
    expect(byCode.sortByFields).toEqual([{ field: 'code', order: 'DESC' }]);
    // An explicit condition keeps the spec's literal operator.
    const literal = codificationRequest(
      filter({ referenceTable: 'commodity', description: 'shoe', descriptionCondition: 'CONTAINS' }),
      DEFAULT_PAGING,
      false,
      'fr',
    );
    expect(literal.keywords).toBeUndefined();
    expect(literal.restrictions).toEqual([{ field: 'description', operator: 'CONTAINS', value: 'shoe' }]);
  });
  it('finds the rows of any other list by whole words of their description with the All condition, with no page language', () => {
    const request = codificationRequest(filter({ referenceTable: 'declarant', description: 'forwarding' }), DEFAULT_PAGING, true, 'fr');
    expect(request).toMatchObject({ keywords: 'forwarding', restrictions: [{ field: 'code', operator: 'IS_NOT_NULL' }] });
    expect(request.lang).toBeUndefined();
    expect(request.sortByFields).toBeUndefined();
  });
  it('ignores the address of tables without addresses, and searches everything with no filter', () => {
    expect(codificationRequest(filter({ referenceTable: 'attachedDocument', address: 'x' }), DEFAULT_PAGING, false).restrictions).toEqual([
      { field: 'code', operator: 'IS_NOT_NULL' },
    ]);
  });
  it('splits an extended procedure code into requested (2) and previous procedure', () => {
    expect(
      codificationRequest(filter({ referenceTable: 'extendedProcedure', code: '4000', codeCondition: 'EQUALS' }), DEFAULT_PAGING, false)
        .restrictions,
    ).toEqual([
      { field: 'requestedProcedureCode', operator: 'EQUALS', value: '40' },
      { field: 'previousProcedureCode', operator: 'EQUALS', value: '00' },
    ]);
    expect(codificationRequest(filter({ referenceTable: 'extendedProcedure', code: '4' }), DEFAULT_PAGING, false).restrictions).toEqual([
      { field: 'requestedProcedureCode', operator: 'STARTS_WITH', value: '4' },
    ]);
  });
  it('knows which extended procedure codes cannot match', () => {
    expect(impossibleExtendedProcedure(filter({ referenceTable: 'extendedProcedure', code: '40', codeCondition: 'EQUALS' }))).toBe(true);
    expect(impossibleExtendedProcedure(filter({ referenceTable: 'extendedProcedure', code: '40001' }))).toBe(true);
    expect(impossibleExtendedProcedure(filter({ referenceTable: 'extendedProcedure', code: '4000', codeCondition: 'EQUALS' }))).toBe(false);
    expect(impossibleExtendedProcedure(filter({ referenceTable: 'extendedProcedure', code: '40', codeCondition: 'STARTS_WITH' }))).toBe(
      false,
    );
    expect(impossibleExtendedProcedure(filter({ referenceTable: 'bank', code: '40', codeCondition: 'EQUALS' }))).toBe(false);
  });
  it('shows codes by the rules of each table', () => {
    expect(shownCode('extendedProcedure', { code: 'x', requestedProcedureCode: '40', previousProcedureCode: '71' })).toBe('4071');
    expect(shownCode('modelOfDeclaration', { code: 'IM', generalProcedureCode: '4' })).toBe('IM-4');
    expect(detailKey('extendedProcedure', { requestedProcedureCode: '40', previousProcedureCode: '71' })).toBe('40/71');
    expect([flowKey('0'), flowKey('1'), flowKey(null)]).toEqual(['export', 'import', null]);
  });
});

describe('codification in the data layer', () => {
  const search = (store: ReturnType<typeof makeStore>, changes: Partial<CodificationFilter>, paging = DEFAULT_PAGING) =>
    store.dispatch(codificationApi.endpoints.codification.initiate({ filter: filter(changes), paging, translated: false, language: 'en' }));

  it('gives an empty result without a call for an impossible extended procedure code', async () => {
    const post = vi.spyOn(http, 'post');
    const answer = await search(makeStore(), { referenceTable: 'extendedProcedure', code: '40', codeCondition: 'EQUALS' });
    expect(post).not.toHaveBeenCalled();
    expect(answer.data).toEqual({ resultList: [], totalCount: 0, table: 'extendedProcedure' });
  });
  it('fails with the search, notifies, and keeps the configuration and the form', async () => {
    vi.spyOn(http, 'post').mockRejectedValue(new Error('Network Error'));
    const store = makeStore();
    const before = selectCodification(store.getState());
    const asked = {
      filter: filter({ referenceTable: 'bank', code: 'B' }),
      paging: { ...DEFAULT_PAGING, pageNumber: 2 },
      translated: false,
      language: 'en',
    };
    store.dispatch(searchShown(asked));
    const answer = await store.dispatch(codificationApi.endpoints.codification.initiate(asked));
    expect(answer).toMatchObject({ isError: true, error: { status: null } });
    expect(selectCodification(store.getState())).toMatchObject({ config: before.config, search: asked, filter: asked.filter });
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.somethingWentWrong']);
  });
  it('reads a record for the detail panel by its key, without a notification when it fails', async () => {
    vi.spyOn(http, 'get').mockResolvedValueOnce({ data: { code: '4000', requestedProcedureCode: '40', previousProcedureCode: '00' } });
    const store = makeStore();
    store.dispatch(openDetail('40/00'));
    expect(selectCodification(store.getState()).detailKey).toBe('40/00');
    const record = await store.dispatch(
      codificationApi.endpoints.codificationRecord.initiate({ table: 'extendedProcedure', key: '40/00' }),
    );
    expect(vi.mocked(http.get).mock.calls[0][0]).toBe('/reference-service/extendedProcedure/40/00');
    expect(record.data).toMatchObject({ code: '4000' });
    vi.spyOn(http, 'get').mockRejectedValueOnce(new Error('Network Error'));
    const failed = await store.dispatch(codificationApi.endpoints.codificationRecord.initiate({ table: 'bank', key: 'B1' }));
    expect(failed.isError).toBe(true);
    expect(store.getState().notifications).toHaveLength(0);
  });
});

describe('model of declaration codes as the table shows them', () => {
  const model = (code: string, codeCondition: CodificationFilter['codeCondition']) =>
    codificationRequest(filter({ referenceTable: 'modelOfDeclaration', code, codeCondition }), DEFAULT_PAGING, false).restrictions;

  it('splits "IM-4" into the code and the general procedure code, with every condition', () => {
    expect(model('IM-4', 'EQUALS')).toEqual([
      { field: 'code', operator: 'EQUALS', value: 'IM' },
      { field: 'generalProcedureCode', operator: 'EQUALS', value: '4' },
    ]);
    expect(model('IM-4', '')).toEqual([
      { field: 'code', operator: 'EQUALS', value: 'IM' },
      { field: 'generalProcedureCode', operator: 'STARTS_WITH', value: '4' },
    ]);
    expect(model(' im - 4 ', 'STARTS_WITH')).toEqual([
      { field: 'code', operator: 'EQUALS', value: 'im' },
      { field: 'generalProcedureCode', operator: 'STARTS_WITH', value: '4' },
    ]);
    // "M-4" is within "IM-4": a code ending with M and a general procedure code starting with 4.
    expect(model('M-4', 'CONTAINS')).toEqual([
      { field: 'code', operator: 'ENDS_WITH', value: 'M' },
      { field: 'generalProcedureCode', operator: 'STARTS_WITH', value: '4' },
    ]);
    // Typed in Bengali digits.
    expect(model('IM-৪', 'EQUALS')).toEqual([
      { field: 'code', operator: 'EQUALS', value: 'IM' },
      { field: 'generalProcedureCode', operator: 'EQUALS', value: '4' },
    ]);
  });
  it('keeps a code without the dash as it was: "IM" finds every model of IM', () => {
    expect(model('IM', '')).toEqual([{ field: 'code', operator: 'STARTS_WITH', value: 'IM' }]);
    expect(model('IM', 'EQUALS')).toEqual([{ field: 'code', operator: 'EQUALS', value: 'IM' }]);
    expect(model('IM-', '')).toEqual([{ field: 'code', operator: 'EQUALS', value: 'IM' }]);
  });
  it('leaves a dash in the codes of other lists alone', () => {
    expect(
      codificationRequest(filter({ referenceTable: 'declarant', code: 'D-1', codeCondition: 'EQUALS' }), DEFAULT_PAGING, false)
        .restrictions,
    ).toEqual([{ field: 'code', operator: 'EQUALS', value: 'D-1' }]);
  });
});

describe('the search in the address', () => {
  it('writes only what differs from the defaults, and reads it back', () => {
    const search = {
      filter: filter({ referenceTable: 'declarant', description: 'Shipping & co', descriptionCondition: 'CONTAINS', address: 'Dhaka' }),
      pageNumber: 1,
      size: 25,
    };
    const query = queryFromSearch(search);
    expect(query).toBe('?table=declarant&description=Shipping+%26+co&descriptionCondition=CONTAINS&address=Dhaka&page=2&size=25');
    expect(searchFromQuery(query)).toEqual(search);
    expect(queryFromSearch({ filter: filter({ referenceTable: 'bank' }), pageNumber: 0, size: 10 })).toBe('?table=bank');
    expect(queryFromSearch(null)).toBe('');
  });
  it('falls back to the defaults for values it does not know', () => {
    expect(searchFromQuery('')).toBeNull();
    expect(searchFromQuery('?table=ministry&code=1')).toBeNull();
    expect(searchFromQuery('?table=bank', ['declarant'])).toBeNull();
    expect(searchFromQuery('?table=attachedDocument&code=1&codeCondition=LIKE&page=0&size=7&address=x&addressCondition=EQUALS')).toEqual({
      filter: filter({ referenceTable: 'attachedDocument', code: '1' }),
      pageNumber: 0,
      size: 10,
    });
    expect(searchFromQuery('?table=bank&page=2.5')?.pageNumber).toBe(0);
    expect(searchFromQuery('?table=bank&page=abc')?.pageNumber).toBe(0);
    expect(searchFromQuery('?table=bank&page=1e9')?.pageNumber).toBe(99999);
  });
});

describe('the export', () => {
  const t = (language: string) => {
    const i18n = i18next.createInstance();
    void i18n.init({
      lng: language,
      ns: ['codification'],
      defaultNS: 'codification',
      resources: { [language]: { codification: localeOf(language, 'codification') } },
      interpolation: { escapeValue: false },
    });
    return i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
  };
  const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ code: `D${index}`, description: `Agent ${index}` }));

  it('says before it is made that it holds only the first 1000 records, in every language', () => {
    expect(exportLimitNote(t('en'), 2500, 'en')).toBe('The export holds the first 1,000 of 2,500 records.');
    expect(exportLimitNote(t('en'), 1000, 'en')).toBeNull();
    for (const language of ['fr', 'es', 'ar', 'bn']) {
      const note = exportLimitNote(t(language), 2500, language)!;
      expect(note).toContain(countText(1000, language));
      expect(note).toContain(countText(2500, language));
      expect(note).not.toBe(exportLimitNote(t('en'), 2500, 'en'));
    }
  });
  it('writes in its subtitle how many of the records it holds', () => {
    const limited = exportTableOf(t('en'), 'declarant', { resultList: rows(1000), totalCount: 2500 }, 'en');
    expect(limited.subtitle).toBe('The first 1,000 of 2,500 records matching the search');
    expect(limited.rows).toHaveLength(1000);
    expect(limited.columns.map((column) => column.header)).toEqual(['Code', 'Name/Description', 'Address Line 1', 'Address Line 2']);
    const whole = exportTableOf(t('en'), 'attachedDocument', { resultList: rows(3), totalCount: 3 }, 'en');
    expect(whole.subtitle).toBe('3 records');
    expect(whole.columns).toHaveLength(2);
    const generated = exportTableOf(t('en'), 'bank', { resultList: rows(2).map((row) => ({ ...row, sample: true })), totalCount: 2 }, 'en');
    expect(generated.subtitle).toBe('2 records · Sample data: generated for the demonstration, not real records.');
  });
  it('writes the translated texts where translated search applies, the base text where a record has none', () => {
    const records: ReferenceRecord[] = [
      {
        code: 'B1',
        description: 'Sonali Bank',
        descriptionTranslated: 'সোনালী ব্যাংক',
        address1: 'Motijheel',
        address1Translated: 'মতিঝিল',
      },
      { code: 'B2', description: 'Janata Bank', descriptionTranslated: ' ', address1: 'Dilkusha', address1Translated: null },
    ];
    const page = { resultList: records, totalCount: 2 };
    expect(exportTableOf(t('bn'), 'bank', page, 'bn', true).rows).toEqual([
      ['B1', 'সোনালী ব্যাংক', 'মতিঝিল', null],
      ['B2', 'Janata Bank', 'Dilkusha', null],
    ]);
    expect(exportTableOf(t('ar'), 'bank', page, 'ar', false).rows[0]).toEqual(['B1', 'Sonali Bank', 'Motijheel', null]);
  });
});
