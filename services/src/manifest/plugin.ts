import type { FastifyInstance } from 'fastify';
import { SERVICE_INFO } from '../http/service-info.js';
import { requireRoles, type Verifier } from '../identity/verify.js';
import { today } from '../http/request.js';
import { REPORT_FORMATS, REPORT_LOCALES, reportFile, type ReportFormat, type ReportLocale } from '../reports/report.js';
import { MANIFEST_ROLES } from '@guichet/shared/config/access';
import { sampleManifests, VESSEL_STATUSES, type ManifestData, type VesselStatus } from './sample.js';
import { MANIFEST_MAX, searchManifests, selectColumns, type ManifestSearch } from './search.js';
import { serviceContract } from '../http/schema.js';
import { contentDisposition } from '../http/download.js';

export const MANIFEST_PREFIX = SERVICE_INFO.manifest.prefix;

/** A criterion's value: text (at most 100 characters) or a number. */
const scalar = { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'number' }] } as const;

const searchBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offset: { type: 'integer', minimum: 0, maximum: 1000000, default: 0 },
    max: { type: 'integer', minimum: 1, maximum: MANIFEST_MAX, default: 10 },
    selectFields: { type: 'array', maxItems: 30, items: { type: 'string', maxLength: 60 } },
    restrictions: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'operator'],
        properties: {
          field: { type: 'string', maxLength: 60 },
          operator: { type: 'string', maxLength: 20 },
          value: scalar,
          values: { type: 'array', maxItems: 100, items: scalar },
          valueTo: { anyOf: [...scalar.anyOf, { type: 'null' }] },
        },
      },
    },
  },
} as const;

/** Column headings of the printed list, per report language. */
const PRINT_TEXT: Record<
  ReportLocale,
  { title: string; sample: string; rows: (range: { from: number; to: number; total: number }) => string; columns: string[] }
> = {
  en: {
    title: 'Manifests',
    sample: 'Sample data',
    rows: ({ from, to, total }) => `rows ${from}–${to} of ${total}`,
    columns: ['Registration', 'Date', 'Office', 'Vessel', 'Voyage', 'From', 'To', 'Departure', 'Arrival', 'B/L', 'Containers'],
  },
  fr: {
    title: 'Manifestes',
    sample: "Données d'exemple",
    rows: ({ from, to, total }) => `lignes ${from} à ${to} sur ${total}`,
    columns: [
      'Enregistrement',
      'Date',
      'Bureau',
      'Navire',
      'Voyage',
      'Provenance',
      'Destination',
      'Départ',
      'Arrivée',
      'Connaissements',
      'Conteneurs',
    ],
  },
  es: {
    title: 'Manifiestos',
    sample: 'Datos de ejemplo',
    rows: ({ from, to, total }) => `filas ${from} a ${to} de ${total}`,
    columns: ['Registro', 'Fecha', 'Aduana', 'Buque', 'Viaje', 'Origen', 'Destino', 'Salida', 'Llegada', 'Conocimientos', 'Contenedores'],
  },
  ar: {
    title: 'البيانات الجمركية للحمولة',
    sample: 'بيانات نموذجية',
    rows: ({ from, to, total }) => `الصفوف ${from}–${to} من ${total}`,
    columns: ['التسجيل', 'التاريخ', 'المكتب', 'السفينة', 'الرحلة', 'من', 'إلى', 'المغادرة', 'الوصول', 'سندات الشحن', 'الحاويات'],
  },
  bn: {
    title: 'ম্যানিফেস্ট',
    sample: 'নমুনা ডেটা',
    rows: ({ from, to, total }) => `সারি ${from}–${to}, মোট ${total}`,
    columns: [
      'নিবন্ধন',
      'তারিখ',
      'দপ্তর',
      'জাহাজ',
      'সমুদ্রযাত্রা',
      'যাত্রাস্থল',
      'গন্তব্য',
      'প্রস্থান',
      'আগমন',
      'বিল অব লেডিং',
      'কন্টেইনার',
    ],
  },
};

/**
 * Manifests and vessels (sample feed, see sample.ts). Commercially sensitive: every route needs a
 * signed-in user with a trade or staff role.
 */
export async function manifestPlugin(app: FastifyInstance, options: { verifier: Verifier; day?: () => string }): Promise<void> {
  serviceContract(app);
  const day = options.day ?? today;
  let data: ManifestData | undefined;
  // Generated once per day (about 6,000 manifests, a few milliseconds), the same on every replica.
  const current = () => {
    const now = day();
    if (data?.day !== now) data = sampleManifests(now);
    return data;
  };
  app.addHook('onRequest', requireRoles(options.verifier, [...MANIFEST_ROLES]));

  app.post<{ Body: ManifestSearch }>(
    '/search',
    { schema: { summary: 'Manifests matching every restriction, newest registration first', body: searchBody } },
    async (request) => {
      const { rows, totalCount } = searchManifests(current().manifests, request.body ?? {});
      return { resultList: selectColumns(rows, request.body?.selectFields), totalCount };
    },
  );

  app.post<{ Body: ManifestSearch; Querystring: { reportFormat: ReportFormat; locale?: string } }>(
    '/print',
    {
      schema: {
        summary: "The same search as a file named 'Manifest(from-to).format' with the 1-based row range",
        body: searchBody,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['reportFormat'],
          properties: {
            reportFormat: { type: 'string', enum: REPORT_FORMATS },
            locale: { type: 'string', enum: [...REPORT_LOCALES, ...REPORT_LOCALES.map((locale) => locale.toUpperCase())], default: 'EN' },
          },
        },
      },
    },
    async (request, reply) => {
      const locale = (request.query.locale ?? 'EN').toLowerCase() as ReportLocale;
      const { rows, offset, totalCount } = searchManifests(current().manifests, request.body ?? {});
      const text = PRINT_TEXT[locale];
      // Which rows of how many: a file of one page of the results says so.
      const range = rows.length ? { from: offset + 1, to: offset + rows.length } : { from: 0, to: 0 };
      const file = await reportFile(request.query.reportFormat, {
        title: text.title,
        subtitle: `${text.sample} · ${text.rows({ ...range, total: totalCount })} · ${current().day}`,
        language: locale,
        // Registration, departure and arrival dates (columns 2, 8 and 9) are dates in XLSX.
        columns: text.columns.map((header, index) => ({ header, numeric: index >= 9, decimals: 0, date: [1, 7, 8].includes(index) })),
        rows: rows.map((row) => [
          `${row.customsOfficeCode}/${row.registrationYear}/${row.registrationNumber}`,
          row.registrationDate,
          row.customsOfficeCode,
          `${row.vesselName} (IMO ${row.vesselImo})`,
          row.voyageNumber,
          row.placeOfDeparture,
          row.placeOfDestination,
          row.departureDate,
          row.arrivalDate,
          row.billsOfLading,
          row.containers,
        ]),
      });
      const name = `Manifest(${range.from}-${range.to}).${request.query.reportFormat}`;
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('attachment', name))
        .send(file.body);
    },
  );

  app.get<{ Querystring: { max: number } }>(
    '/latest',
    {
      schema: {
        summary: 'The most recently registered manifests',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { max: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
        },
      },
    },
    async (request) => {
      const { manifests } = current();
      const latest = [...manifests]
        .sort((a, b) => b.registrationDate.localeCompare(a.registrationDate) || b.registrationNumber - a.registrationNumber)
        .slice(0, request.query.max);
      return { resultList: latest, totalCount: manifests.length };
    },
  );

  app.get<{ Querystring: { status?: VesselStatus; offset: number; max: number } }>(
    '/vessels',
    {
      schema: {
        summary: 'Vessels of the latest voyages with their status (Underway, Moored, Stopped, Other)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: [...VESSEL_STATUSES] },
            offset: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
            max: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
          },
        },
      },
    },
    async (request) => {
      const { vessels } = current();
      const matches = request.query.status ? vessels.filter((vessel) => vessel.status === request.query.status) : vessels;
      const counts = Object.fromEntries(
        VESSEL_STATUSES.map((status) => [status, vessels.filter((vessel) => vessel.status === status).length]),
      );
      return {
        resultList: matches.slice(request.query.offset, request.query.offset + request.query.max),
        totalCount: matches.length,
        statusCounts: counts,
      };
    },
  );
}
