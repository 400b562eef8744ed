import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { http } from '../../http/client';
import {
  commodityOf,
  EMPTY_CONSIGNMENT,
  fetchGuideConfig,
  groupByProcedure,
  procedureCode,
  tradersGuideApi,
  type Consignment,
} from './api';
import { documentsTable } from './export';
import { addConsignment, documentsAsked, resetGuide, setTypeOfDeclaration, selectTradersGuide } from './slice';

const documents = (consignments: Consignment[]) =>
  makeStore().dispatch(tradersGuideApi.endpoints.requiredDocuments.initiate({ typeOfDeclaration: 'IM', consignments }));

afterEach(() => vi.restoreAllMocks());

const consignment = (commodityCode: string, extendedProcedureCode: string): Consignment => ({
  ...EMPTY_CONSIGNMENT,
  commodityCode,
  extendedProcedureCode,
});

describe('traders guide', () => {
  it('groups consignments by the first character of the extended procedure', () => {
    expect(groupByProcedure([consignment('a', '4000'), consignment('b', '7100'), consignment('c', '4071')])).toEqual([
      { generalProcedureCode: '4', indexes: [0, 2] },
      { generalProcedureCode: '7', indexes: [1] },
    ]);
  });
  it('ignores a failing configuration', async () => {
    vi.spyOn(http, 'get').mockRejectedValueOnce(new Error('404'));
    expect(await fetchGuideConfig()).toBeNull();
  });
  it('one call per group; documents merged once each, numbered 1..n, with their commodities; field errors per consignment', async () => {
    const consignments = [consignment('09012110', '4000'), consignment('61091000', '7100'), consignment('99999999', '4000')];
    const post = vi.spyOn(http, 'post').mockImplementation(async (_url, body) => {
      const { document } = body as { document: { generalProcedureCode: string } };
      return document.generalProcedureCode === '4'
        ? {
            data: {
              items: [
                {
                  attachments: [
                    { code: '380', description: 'Commercial invoice' },
                    { code: '851', description: 'Phytosanitary certificate' },
                  ],
                  fieldsErrors: [],
                },
                { attachments: [], fieldsErrors: [{ field: 'items[1].commodityCode', message: 'Unknown commodity code' }] },
              ],
            },
          }
        : { data: { items: [{ attachments: [{ code: '380', description: 'Commercial invoice' }], fieldsErrors: [] }] } };
    });
    const { data: state } = await documents(consignments);
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls.map(([, body]) => (body as { document: unknown }).document)).toEqual([
      { typeOfDeclaration: 'IM', generalProcedureCode: '4' },
      { typeOfDeclaration: 'IM', generalProcedureCode: '7' },
    ]);
    expect(state?.documents).toEqual([
      {
        id: 1,
        attDocCode: '380',
        attDocName: { description: 'Commercial invoice', descriptionTranslated: null },
        applicableCommodityCodes: ['09012110', '61091000'],
      },
      {
        id: 2,
        attDocCode: '851',
        attDocName: { description: 'Phytosanitary certificate', descriptionTranslated: null },
        applicableCommodityCodes: ['09012110'],
      },
    ]);
    expect(state?.fieldErrors).toEqual({ 2: [{ field: 'items[1].commodityCode', message: 'Unknown commodity code' }] });
  });
  it('shows documents that are alternatives (one of them is enough) as one requirement', async () => {
    const transport = [
      { code: '705', description: 'Bill of lading', oneOf: 'transport-document' },
      { code: '740', description: 'Air waybill', oneOf: 'transport-document' },
      { code: '730', description: 'Road consignment note', oneOf: 'transport-document' },
    ];
    vi.spyOn(http, 'post').mockResolvedValue({
      data: {
        items: [
          { attachments: [{ code: '380', description: 'Commercial invoice' }, ...transport], fieldsErrors: [] },
          { attachments: transport, fieldsErrors: [] },
        ],
      },
    });
    const answer = await documents([consignment('09012110', '4000'), consignment('61091000', '4000')]);
    const data = answer.data?.documents;
    expect(data).toHaveLength(2);
    expect(data?.[1]).toEqual({
      id: 2,
      attDocCode: '705 / 740 / 730',
      attDocName: { description: 'Bill of lading', descriptionTranslated: null },
      alternatives: transport.map(({ code, description }) => ({ code, name: { description, descriptionTranslated: null } })),
      applicableCommodityCodes: ['09012110', '61091000'],
    });
  });
  it('a new regime wipes the consignments and the documents asked for; reset goes back to IM', () => {
    const store = makeStore();
    expect(selectTradersGuide(store.getState())).toEqual({ typeOfDeclaration: 'IM', consignments: [], asked: false });
    store.dispatch(addConsignment(consignment('09012110', '4000')));
    store.dispatch(documentsAsked());
    expect(selectTradersGuide(store.getState()).asked).toBe(true);
    store.dispatch(setTypeOfDeclaration('EX'));
    expect(selectTradersGuide(store.getState())).toEqual({ typeOfDeclaration: 'EX', consignments: [], asked: false });
    store.dispatch(addConsignment(consignment('09012110', '4000')));
    store.dispatch(resetGuide());
    expect(selectTradersGuide(store.getState())).toEqual({ typeOfDeclaration: 'IM', consignments: [], asked: false });
  });
  it('names an extended procedure by its requested and previous procedure codes (the spec selects no plain code)', () => {
    expect(procedureCode({ requestedProcedureCode: '40', previousProcedureCode: '71', description: 'x' })).toBe('4071');
  });
  it('names a typed commodity from the suggestions, else looks its code up with IN', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { resultList: [{ code: '09012110', description: 'Roasted coffee' }] } });
    expect(await commodityOf('09012110', [{ code: '09012110', description: 'Coffee, roasted' }], 'en', false)).toEqual({
      text: 'Coffee, roasted',
      lang: 'en',
    });
    expect(post).not.toHaveBeenCalled();
    expect(await commodityOf('09012110', [], 'en', false)).toEqual({ text: 'Roasted coffee', lang: 'en' });
    expect(post.mock.calls[0][0]).toBe('/reference-service/commodity/search');
    expect(post.mock.calls[0][1]).toMatchObject({ restrictions: [{ field: 'code', operator: 'IN', values: ['09012110'] }], lang: 'en' });
    post.mockRejectedValueOnce(new Error('Network Error'));
    expect(await commodityOf('61091000', [], 'en', false)).toBeNull();
  });
  it('exports alternatives as one row', () => {
    const t = ((key: string) => (key === 'documents.oneOf' ? 'One of:' : key)) as unknown as Parameters<typeof documentsTable>[5];
    const name = (description: string) => ({ description, descriptionTranslated: null });
    const table = documentsTable(
      [
        {
          id: 1,
          attDocCode: '705 / 740',
          attDocName: name('Bill of lading'),
          alternatives: [
            { code: '705', name: name('Bill of lading') },
            { code: '740', name: name('Air waybill') },
          ],
          applicableCommodityCodes: ['09012110'],
        },
      ],
      'IM',
      1,
      'en',
      false,
      t,
    );
    expect(table.rows).toEqual([[1, '705 / 740', 'One of: 705 Bill of lading; 740 Air waybill', '09012110']]);
  });
});
