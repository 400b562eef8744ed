/**
 * The reference-data entity registry: every entity kind the reference service
 * answers, its table, its fields and their types, its key and its default sort.
 * Routes, JSON schemas, the query compiler and the migrations all read this.
 */

export type FieldType = 'string' | 'number' | 'integer' | 'date' | 'boolean';

export interface FieldDefinition {
  name: string;
  type: FieldType;
  /** Column holding the value, when it differs from the field name. */
  column?: string;
  /** A restriction-only field that matches when any of these fields does (address: every address line). */
  anyOf?: string[];
}

export interface EntityDefinition {
  name: string;
  table: string;
  /** True for the spec's sub-entities (ministryDepartments, bankBranches, ...). */
  subEntity: boolean;
  summary: string;
  fields: FieldDefinition[];
  /** Fields returned when the request names no selectFields. */
  defaultSelect: string[];
  /** Fields that identify one record in GET /{entity}/{key...}. */
  key: string[];
  /** Default sort when the request names none (ascending). */
  defaultSort: string[];
  /** Fields holding the tenant's second language. */
  translatedFields: string[];
  /** Fields restrictions may name beyond `fields` (never selected or sorted by). */
  restrictionFields: FieldDefinition[];
  /** Codes are numbers (UNTDID 1001): code order is numeric (1, 2, 10, 100), not textual. */
  numericCodes: boolean;
}

/** Columns every reference table carries. */
export const VALIDITY_FIELDS: FieldDefinition[] = [
  { name: 'validFrom', type: 'date' },
  { name: 'validTo', type: 'date' },
  { name: 'sample', type: 'boolean' },
];

const text = (name: string): FieldDefinition => ({ name, type: 'string' });
const DEFAULT_FIELDS = [text('code'), text('description'), text('descriptionTranslated')];
const ADDRESS_FIELDS = ['address1', 'address1Translated', 'address2', 'address2Translated'].map(text);
/** The whole address: a restriction on it matches any address line, in either language. */
const ADDRESS: FieldDefinition = { name: 'address', type: 'string', anyOf: ADDRESS_FIELDS.map((field) => field.name) };

/** Fields of UN/LOCODE entries (locations and ports). */
const LOCODE_FIELDS: FieldDefinition[] = [
  text('countryCode'),
  text('subdivision'),
  text('functions'),
  { name: 'latitude', type: 'number' },
  { name: 'longitude', type: 'number' },
];

export const TAX_COLUMN_COUNT = 20;
const TAX_FIELDS: FieldDefinition[] = Array.from({ length: TAX_COLUMN_COUNT }, (_, index) => ({
  name: `tax${String(index + 1).padStart(2, '0')}`,
  type: 'number',
}));

interface EntityInput {
  name: string;
  summary: string;
  subEntity?: boolean;
  extraFields?: FieldDefinition[];
  /** Replaces the default fields entirely (extendedProcedure has no plain code in the spec's table). */
  fields?: FieldDefinition[];
  defaultSelect?: string[];
  key?: string[];
  defaultSort?: string[];
  numericCodes?: boolean;
}

function entity(input: EntityInput): EntityDefinition {
  const own = input.fields ?? [...DEFAULT_FIELDS, ...(input.extraFields ?? [])];
  const fields = [...own, ...VALIDITY_FIELDS];
  const names = own.map((field) => field.name);
  return {
    name: input.name,
    table: `ref_${input.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`,
    subEntity: input.subEntity ?? false,
    summary: input.summary,
    fields,
    defaultSelect: input.defaultSelect ?? [...names, 'sample'],
    key: input.key ?? ['code'],
    defaultSort: input.defaultSort ?? ['code'],
    translatedFields: names.filter((name) => name.endsWith('Translated')),
    restrictionFields: names.includes('address1') ? [ADDRESS] : [],
    numericCodes: input.numericCodes ?? false,
  };
}

const ENTITY_LIST: EntityDefinition[] = [
  entity({
    name: 'commodity',
    summary: 'National tariff lines (8 digits) with their tax rates tax01..tax20',
    extraFields: [text('supplementaryUnit1Code'), ...TAX_FIELDS],
  }),
  entity({ name: 'packageType', summary: 'Package types (UN/ECE Recommendation 21)' }),
  entity({
    name: 'country',
    summary: 'Countries (ISO 3166-1)',
    extraFields: [text('alpha3Code'), text('numericCode')],
  }),
  entity({
    name: 'company',
    summary: 'Trading companies (sample data)',
    extraFields: [text('email'), text('phoneNumber'), ...ADDRESS_FIELDS],
  }),
  entity({ name: 'termsOfDelivery', summary: 'Terms of delivery (Incoterms 2020, UN/ECE Recommendation 5)' }),
  entity({
    name: 'exchangeRate',
    summary: 'Customs exchange rates: BDT per unit of currency, each valid until the next published date',
    extraFields: [
      { name: 'rate', type: 'number' },
      { name: 'validToDate', type: 'date', column: 'validTo' },
      { name: 'validFromDate', type: 'date', column: 'validFrom' },
    ],
    defaultSelect: ['code', 'description', 'descriptionTranslated', 'rate', 'validFromDate', 'validToDate', 'sample'],
  }),
  entity({
    name: 'port',
    summary: 'Sea ports (UN/LOCODE entries with function 1)',
    extraFields: LOCODE_FIELDS,
  }),
  entity({ name: 'attachedDocument', summary: 'Attached document types (UNTDID 1001)', numericCodes: true }),
  entity({
    name: 'unitOfMeasurement',
    summary: 'Units of measure (UN/ECE Recommendation 20)',
    extraFields: [text('symbol'), text('levelAndCategory')],
  }),
  entity({ name: 'ministry', summary: 'Ministries issuing permits and licences (sample data)' }),
  entity({ name: 'declarant', summary: 'Declarants and customs brokers (sample data)', extraFields: ADDRESS_FIELDS }),
  entity({ name: 'bank', summary: 'Banks (sample data)', extraFields: ADDRESS_FIELDS }),
  entity({ name: 'containerType', summary: 'Container and transport equipment size/type codes (UN/EDIFACT 8155)' }),
  entity({
    name: 'currency',
    summary: 'Currencies (ISO 4217)',
    extraFields: [text('numericCode'), { name: 'minorUnit', type: 'integer' }],
  }),
  entity({ name: 'customsOffice', summary: 'Customs offices (sample data)', extraFields: ADDRESS_FIELDS }),
  entity({
    name: 'modelOfDeclaration',
    summary: 'Models of declaration (sample data); flow 0 export, 1 import',
    extraFields: [text('generalProcedureCode'), text('flow')],
    key: ['code', 'generalProcedureCode'],
    defaultSort: ['generalProcedureCode', 'code'],
  }),
  entity({
    name: 'extendedProcedure',
    summary: 'Extended (customs procedure) codes: requested + previous procedure (sample data)',
    fields: [
      text('code'),
      text('description'),
      text('descriptionTranslated'),
      text('previousProcedureCode'),
      text('requestedProcedureCode'),
    ],
    key: ['requestedProcedureCode', 'previousProcedureCode'],
    defaultSort: ['requestedProcedureCode', 'previousProcedureCode'],
  }),
  entity({
    name: 'location',
    summary: 'Locations (UN/LOCODE)',
    extraFields: LOCODE_FIELDS,
  }),
  entity({ name: 'meansOfPayment', summary: 'Means of payment (UNTDID 4461)' }),
  entity({ name: 'additionalProcedure', summary: 'Additional (national) procedure codes (sample data)' }),
  entity({ name: 'taxRule', summary: 'Tax rules and the tariff column each one reads (sample data)', extraFields: [text('tariffColumn')] }),
  // Sub-entities
  entity({
    name: 'ministryDepartments',
    subEntity: true,
    summary: 'Departments of a ministry (sample data)',
    extraFields: [text('ministryCode')],
  }),
  entity({
    name: 'bankBranches',
    subEntity: true,
    summary: 'Branches of a bank (sample data)',
    extraFields: [text('bankCode'), ...ADDRESS_FIELDS],
  }),
  entity({ name: 'modeOfTransports', subEntity: true, summary: 'Modes of transport (UN/ECE Recommendation 19)' }),
  entity({
    name: 'transitSheds',
    subEntity: true,
    summary: 'Transit sheds and warehouses of a customs office (sample data)',
    extraFields: [text('customsOfficeCode')],
  }),
  entity({
    name: 'additionalRegimes',
    subEntity: true,
    summary: 'Additional procedure codes allowed with an extended procedure (sample data)',
    extraFields: [text('extendedProcedureCode')],
  }),
  // Nomenclature tree for the tariff views (beyond the spec's list)
  entity({
    name: 'hsNomenclature',
    summary: 'Harmonized System 2022: sections (level 1), chapters (2), headings (4), subheadings (6)',
    extraFields: [{ name: 'level', type: 'integer' }, text('parentCode'), text('sectionCode')],
    defaultSort: ['code'],
  }),
];

export const ENTITIES: ReadonlyMap<string, EntityDefinition> = new Map(ENTITY_LIST.map((definition) => [definition.name, definition]));

export function fieldOf(definition: EntityDefinition, name: string): FieldDefinition | undefined {
  return definition.fields.find((field) => field.name === name);
}

/** A field a restriction may name: a record field, or a restriction-only one (address). */
export function restrictionFieldOf(definition: EntityDefinition, name: string): FieldDefinition | undefined {
  return fieldOf(definition, name) ?? definition.restrictionFields.find((field) => field.name === name);
}

export function columnOf(field: FieldDefinition): string {
  return field.column ?? field.name;
}
