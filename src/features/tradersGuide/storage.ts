import { loadFromTab, saveToTab } from '../../app/tabStorage';
import type { Consignment } from './api';

/** Where the consignments of the guide are kept for the browser tab (sessionStorage: per tab, gone when it closes). */
export const GUIDE_STORAGE_KEY = 'guichet.tradersGuide';

/** What is kept: the regime and the consignments added to it. */
export interface StoredGuide {
  typeOfDeclaration: string;
  consignments: Consignment[];
}

const CONSIGNMENT_TEXTS = [
  'commodityCode',
  'commodityDescription',
  'itemCountryOfOriginCode',
  'extendedProcedureCode',
  'nationalProcedureCode',
];

const isConsignment = (value: unknown): value is Consignment => {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    CONSIGNMENT_TEXTS.every((key) => typeof record[key] === 'string') &&
    (record.commodityDescriptionLanguage === undefined || typeof record.commodityDescriptionLanguage === 'string')
  );
};

/** The guide kept for this tab; null when there is none or it cannot be read. */
export function loadGuide(): StoredGuide | null {
  return loadFromTab(GUIDE_STORAGE_KEY, (stored) => {
    const value = stored as Partial<StoredGuide> | null;
    if (
      !value ||
      typeof value.typeOfDeclaration !== 'string' ||
      !value.typeOfDeclaration ||
      !Array.isArray(value.consignments) ||
      !value.consignments.length ||
      !value.consignments.every(isConsignment)
    )
      return null;
    return { typeOfDeclaration: value.typeOfDeclaration, consignments: value.consignments };
  });
}

/** Keeps the consignments of a regime for this tab; without consignments nothing is kept. */
export function saveGuide(guide: StoredGuide): void {
  saveToTab(GUIDE_STORAGE_KEY, guide.consignments.length ? guide : null);
}
