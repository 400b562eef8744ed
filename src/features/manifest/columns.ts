import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { formatDate } from '@guichet/shared/i18n/language';
import type { Manifest } from './api';

/** The columns that open every list of manifests: the registration (office/year/number) and its date. */
export const registrationColumns = (t: TFunction<'manifest'>, language: string): Array<ColumnDef<Manifest, unknown>> => [
  {
    id: 'registration',
    header: t('columns.registration'),
    accessorFn: (row) => `${row.customsOfficeCode}/${row.registrationYear}/${row.registrationNumber}`,
  },
  { id: 'registrationDate', header: t('fields.registrationDate'), accessorFn: (row) => formatDate(row.registrationDate, language) },
];
