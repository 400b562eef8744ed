import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { http } from '../../http/client';
import {
  EMPTY_FORM,
  formErrors,
  MANIFEST_FIELDS,
  MIN_LENGTHS,
  normaliseDate,
  printManifests,
  restrictionsOf,
  searchBody,
  manifestApi,
  type ManifestForm,
} from './api';

afterEach(() => vi.restoreAllMocks());

const form = (changes: Partial<ManifestForm>): ManifestForm => ({ ...EMPTY_FORM, ...changes });

describe('manifest search requests', () => {
  it('counts a field only when it has a value and a non-empty operator; operators default to EQUALS', () => {
    expect(restrictionsOf(EMPTY_FORM)).toEqual([]);
    expect(Object.values(EMPTY_FORM).every((field) => field.operator === 'EQUALS')).toBe(true);
    expect(restrictionsOf(form({ voyageNumber: { operator: '', value: '012N' } }))).toEqual([]);
    expect(restrictionsOf(form({ voyageNumber: { operator: 'EQUALS', value: '  ' } }))).toEqual([]);
    expect(restrictionsOf(form({ voyageNumber: { operator: 'STARTS_WITH', value: ' 01 ' } }))).toEqual([
      { field: 'voyageNumber', operator: 'STARTS_WITH', value: '01' },
    ]);
  });
  it('normalises dates, sends a range as a start and an optional end, and registrationNumber as a number', () => {
    expect(normaliseDate('2026-03-04T10:20')).toBe('2026-03-04');
    expect(normaliseDate('04/03/2026')).toBe('');
    expect(
      restrictionsOf(
        form({
          registrationDate: { operator: 'BETWEEN', start: '2026-01-01', end: '2026-01-31' },
          arrivalDate: { operator: 'BETWEEN', start: '2026-02-01', end: '' },
          departureDate: { operator: 'GREATER_THAN', start: '2026-03-01T08:00', end: '2026-03-09' },
          registrationNumber: { operator: 'EQUALS', value: '0042' },
        }),
      ),
    ).toEqual([
      { field: 'arrivalDate', operator: 'BETWEEN', value: '2026-02-01' },
      { field: 'departureDate', operator: 'GREATER_THAN', value: '2026-03-01' },
      { field: 'registrationDate', operator: 'BETWEEN', value: '2026-01-01', valueTo: '2026-01-31' },
      { field: 'registrationNumber', operator: 'EQUALS', value: 42 },
    ]);
    expect(formErrors(form({ registrationNumber: { operator: 'EQUALS', value: '12a' } }))).toEqual({ registrationNumber: 'number' });
  });
  it('reads digits typed in Arabic or Bengali script as the Latin digits of the data', () => {
    const typed = form({ registrationNumber: { operator: 'EQUALS', value: '٤٢' }, voyageNumber: { operator: 'EQUALS', value: '০১২N' } });
    expect(formErrors(typed)).toEqual({});
    expect(restrictionsOf(typed)).toEqual([
      { field: 'registrationNumber', operator: 'EQUALS', value: 42 },
      { field: 'voyageNumber', operator: 'EQUALS', value: '012N' },
    ]);
  });
  it('says Min 3 for a shorter exact customs office code and Min 4 for a shorter exact voyage number', () => {
    expect(
      formErrors(form({ customsOfficeCode: { operator: 'EQUALS', value: '10' }, voyageNumber: { operator: 'NOT_EQUALS', value: '012' } })),
    ).toEqual({ customsOfficeCode: 'minLength', voyageNumber: 'minLength' });
    expect(MIN_LENGTHS).toEqual({ customsOfficeCode: 3, voyageNumber: 4 });
    expect(
      formErrors(form({ customsOfficeCode: { operator: 'EQUALS', value: '101' }, voyageNumber: { operator: 'STARTS_WITH', value: '01' } })),
    ).toEqual({});
  });
  it('pages with offset = (page - 1) x size', () => {
    expect(searchBody({ restrictions: [], page: 3, size: 25 })).toEqual({
      offset: 50,
      max: 25,
      selectFields: MANIFEST_FIELDS,
      restrictions: [],
    });
    expect(MANIFEST_FIELDS).toEqual(expect.arrayContaining(['registrationNumber', 'vesselName', 'placeOfDepartureName', 'sample']));
  });
  it('prints a 1-based range into a file named Manifest(from-to).format', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: new Blob(['%PDF']) });
    const restrictions = [{ field: 'voyageNumber', operator: 'EQUALS', value: '001N' }];
    const { fileName } = await printManifests(restrictions, 11, 20, 'pdf', 'bn');
    expect(fileName).toBe('Manifest(11-20).pdf');
    expect(post).toHaveBeenCalledWith(
      '/manifest-service/print',
      { offset: 10, max: 10, restrictions },
      expect.objectContaining({ params: { reportFormat: 'pdf', locale: 'BN' }, responseType: 'blob' }),
    );
  });
  const search = (store: ReturnType<typeof makeStore>) =>
    store.dispatch(manifestApi.endpoints.manifests.initiate({ restrictions: [], page: 1, size: 10 }, { forceRefetch: true }));
  it('a failed search gives no rows and notifies', async () => {
    const store = makeStore();
    vi.spyOn(http, 'post').mockResolvedValueOnce({ data: { resultList: [{ voyageNumber: '1' }], totalCount: 1 } });
    expect((await search(store)).data?.totalCount).toBe(1);
    vi.spyOn(http, 'post').mockRejectedValueOnce(new Error('down'));
    const failed = await search(store);
    expect(failed).toMatchObject({ isError: true, error: { status: null } });
    expect(store.getState().notifications.at(-1)).toMatchObject({ kind: 'error', messageKey: 'notifications.somethingWentWrong' });
  });
  it('a search that works again takes the failure notice away', async () => {
    const store = makeStore();
    vi.spyOn(http, 'post').mockRejectedValueOnce(new Error('down'));
    await search(store);
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.somethingWentWrong']);
    vi.spyOn(http, 'post').mockResolvedValueOnce({ data: { resultList: [{ voyageNumber: '1' }], totalCount: 1 } });
    await search(store);
    expect(store.getState().notifications).toEqual([]);
  });
});
