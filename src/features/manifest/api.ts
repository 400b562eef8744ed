import { http } from '../../http/client';
import { answer, api } from '../../app/api';
import { resolved } from '../../app/notificationsSlice';
import { serviceUrls } from '../../config/services';
import { westernDigits } from '@guichet/shared/i18n/language';
import { VESSEL_STATUSES, type Manifest, type Vessel, type VesselStatus } from '@guichet/shared/api/manifest';

export { VESSEL_STATUSES, type Manifest, type Vessel, type VesselStatus };

export const DATE_FIELDS = ['arrivalDate', 'departureDate', 'registrationDate'] as const;
export const TEXT_FIELDS = ['customsOfficeCode', 'placeOfDeparture', 'placeOfDestination', 'registrationNumber', 'voyageNumber'] as const;
export type DateField = (typeof DATE_FIELDS)[number];
export type TextField = (typeof TEXT_FIELDS)[number];

/** Operators offered per kind of field; '' leaves the field out of the search. */
export const DATE_OPERATORS = ['', 'EQUALS', 'GREATER_THAN', 'LESS_THAN', 'BETWEEN'] as const;
export const TEXT_OPERATORS = ['', 'EQUALS', 'NOT_EQUALS', 'STARTS_WITH', 'CONTAINS'] as const;
export type Operator = (typeof DATE_OPERATORS)[number] | (typeof TEXT_OPERATORS)[number];

export interface DateCriterion {
  operator: Operator;
  start: string;
  /** Only for BETWEEN; optional (a range has a start and an optional end). */
  end: string;
}
export interface TextCriterion {
  operator: Operator;
  value: string;
}

export type ManifestForm = Record<DateField, DateCriterion> & Record<TextField, TextCriterion>;

/** Every field empty, operator EQUALS. */
export const EMPTY_FORM: ManifestForm = {
  arrivalDate: { operator: 'EQUALS', start: '', end: '' },
  departureDate: { operator: 'EQUALS', start: '', end: '' },
  registrationDate: { operator: 'EQUALS', start: '', end: '' },
  customsOfficeCode: { operator: 'EQUALS', value: '' },
  placeOfDeparture: { operator: 'EQUALS', value: '' },
  placeOfDestination: { operator: 'EQUALS', value: '' },
  registrationNumber: { operator: 'EQUALS', value: '' },
  voyageNumber: { operator: 'EQUALS', value: '' },
};

export interface Restriction {
  field: string;
  operator: string;
  value: string | number;
  valueTo?: string;
}

/** A date input's value (or a date-time) as a date YYYY-MM-DD; '' when it is not one. */
export function normaliseDate(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match ? match[1] : '';
}

/**
 * Fewest characters of a whole code (SPEC section 5, "Min 3" and "Min 4"): customs office codes have 3,
 * voyage numbers 4 ("012N"). Only an exact condition needs them; a partial one (starts with, contains) takes less.
 */
export const MIN_LENGTHS: Partial<Record<TextField, number>> = { customsOfficeCode: 3, voyageNumber: 4 };

export type FieldProblem = 'number' | 'minLength' | 'endBeforeStart';

/**
 * Field errors of the form: registrationNumber must be a whole number; exact codes need their minimum length;
 * a date range that has an end does not end before its start.
 */
export function formErrors(form: ManifestForm): Partial<Record<TextField | DateField, FieldProblem>> {
  const errors: Partial<Record<TextField | DateField, FieldProblem>> = {};
  for (const field of DATE_FIELDS) {
    const { operator, start, end } = form[field];
    const from = normaliseDate(start);
    const to = normaliseDate(end);
    // ISO dates (YYYY-MM-DD) compare as text.
    if (operator === 'BETWEEN' && from && to && to < from) errors[field] = 'endBeforeStart';
  }
  const number = westernDigits(form.registrationNumber.value.trim());
  if (number && !/^\d{1,12}$/.test(number)) errors.registrationNumber = 'number';
  for (const [field, min] of Object.entries(MIN_LENGTHS) as Array<[TextField, number]>) {
    const { operator, value } = form[field];
    const length = value.trim().length;
    if ((operator === 'EQUALS' || operator === 'NOT_EQUALS') && length > 0 && length < min) errors[field] = 'minLength';
  }
  return errors;
}

/**
 * The restrictions of the filled fields: a field counts when it has a value and a non-empty
 * operator. Dates are normalised to a date; registrationNumber is sent as a number.
 */
export function restrictionsOf(form: ManifestForm): Restriction[] {
  const restrictions: Restriction[] = [];
  for (const field of DATE_FIELDS) {
    const { operator, start, end } = form[field];
    const from = normaliseDate(start);
    if (!operator || !from) continue;
    const to = normaliseDate(end);
    restrictions.push(operator === 'BETWEEN' && to ? { field, operator, value: from, valueTo: to } : { field, operator, value: from });
  }
  for (const field of TEXT_FIELDS) {
    const { operator } = form[field];
    // Codes and numbers are Latin in the data: digits typed in Arabic or Bengali script are read as such.
    const value = westernDigits(form[field].value.trim());
    if (!operator || !value) continue;
    restrictions.push({ field, operator, value: field === 'registrationNumber' ? Number(value) : value });
  }
  return restrictions;
}

export interface ManifestQuery {
  restrictions: Restriction[];
  page: number;
  size: number;
}

/** The fields the search results show (SPEC section 7: the search names its selectFields), and the sample flag. */
export const MANIFEST_FIELDS: Array<keyof Manifest> = [
  'registrationYear',
  'registrationNumber',
  'registrationDate',
  'customsOfficeCode',
  'voyageNumber',
  'vesselName',
  'vesselImo',
  'flow',
  'placeOfDeparture',
  'placeOfDepartureName',
  'placeOfDestination',
  'placeOfDestinationName',
  'departureDate',
  'arrivalDate',
  'containers',
  'sample',
];

/** The service's body for a page: offset = (page - 1) x size. */
export function searchBody(query: ManifestQuery) {
  return { offset: (query.page - 1) * query.size, max: query.size, selectFields: MANIFEST_FIELDS, restrictions: query.restrictions };
}

export async function searchManifests(query: ManifestQuery): Promise<{ resultList: Manifest[]; totalCount: number }> {
  const { data } = await http.post<{ resultList: Manifest[]; totalCount: number }>(`${serviceUrls.manifest}search`, searchBody(query));
  return data;
}

export type PrintFormat = 'pdf' | 'xlsx' | 'csv';

/** The rows first..last (1-based, inclusive) of a search as a file named 'Manifest(first-last).format'. */
export async function printManifests(
  restrictions: Restriction[],
  first: number,
  last: number,
  format: PrintFormat,
  language: string,
): Promise<{ blob: Blob; fileName: string }> {
  const { data } = await http.post<Blob>(
    `${serviceUrls.manifest}print`,
    { offset: first - 1, max: last - first + 1, restrictions },
    { params: { reportFormat: format, locale: language.toUpperCase() }, responseType: 'blob' },
  );
  return { blob: data, fileName: `Manifest(${first}-${last}).${format}` };
}

export async function latestManifests(max: number): Promise<Manifest[]> {
  const { data } = await http.get<{ resultList: Manifest[] }>(`${serviceUrls.manifest}latest`, { params: { max } });
  return data.resultList;
}

export async function fetchVessels(
  status: VesselStatus | '',
  max: number,
): Promise<{ resultList: Vessel[]; totalCount: number; statusCounts: Record<VesselStatus, number> }> {
  const { data } = await http.get<{ resultList: Vessel[]; totalCount: number; statusCounts: Record<VesselStatus, number> }>(
    `${serviceUrls.manifest}vessels`,
    { params: { max, ...(status ? { status } : {}) } },
  );
  return data;
}

/** Most rows one print may hold. */
export const PRINT_LIMIT = 1000;

export const manifestApi = api.injectEndpoints({
  endpoints: (build) => ({
    manifests: build.query<Awaited<ReturnType<typeof searchManifests>>, ManifestQuery>({
      queryFn: (query, { dispatch }) =>
        answer(
          searchManifests(query).then((page) => {
            // A search that works again takes away the notice of the one that failed.
            dispatch(resolved(['notifications.somethingWentWrong']));
            return page;
          }),
          'notifications.somethingWentWrong',
        ),
    }),
    latestManifests: build.query<Manifest[], number>({
      queryFn: (max) => answer(latestManifests(max), 'notifications.somethingWentWrong'),
    }),
    vessels: build.query<Awaited<ReturnType<typeof fetchVessels>>, VesselStatus | ''>({
      queryFn: (status) => answer(fetchVessels(status, 200), 'notifications.vesselsFailed'),
    }),
  }),
});

export const { useManifestsQuery, useLatestManifestsQuery, useVesselsQuery } = manifestApi;
