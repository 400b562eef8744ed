import type { Database } from '../db/database.js';
import { allOf, lookupBy } from '../reference/lookup.js';
import { isCalendarDate, today } from '../http/request.js';
import { FieldError } from '../http/request.js';
import { declarationBodySchema, declarationOf, NO_NUL, VALIDITY_DATE_SCHEMA } from '../http/schema.js';
import type { Flow, RequirementRule, RequirementRules } from './rules.js';

export interface Consignment {
  commodityCode?: string;
  itemCountryOfOriginCode?: string;
  extendedProcedureCode?: string;
  nationalProcedureCode?: string;
}

export interface RequirementsRequest {
  document: { typeOfDeclaration: string; generalProcedureCode?: string };
  items: Consignment[];
  /** Rule types to apply; undefined: every type. */
  ruleTypes?: string[];
  validityDate: string;
}

export interface Attachment {
  code: string;
  description: string | null;
  descriptionTranslated: string | null;
  /** Type of the first rule asking for the document. */
  type: string;
  /** Every rule asking for it. */
  ruleIds: string[];
  /** Set when one document of the named rule is enough (e.g. bill of lading or air waybill). */
  oneOf?: string;
  sample: boolean;
}

export interface FieldProblem {
  field: keyof Consignment;
  message: string;
}

export interface RequirementsResult {
  items: Array<{ attachments: Attachment[]; fieldsErrors: FieldProblem[] }>;
  flow: Flow;
  validityDate: string;
  sample: boolean;
}

const MESSAGES = {
  mandatory: 'Field is mandatory',
  commodity: 'Unknown commodity code',
  country: 'Unknown country code',
  procedure: 'Unknown extended procedure code',
  national: 'Unknown national procedure code',
};

const code = { type: ['string', 'null'], maxLength: 40, pattern: NO_NUL };

/** The request body, checked strictly (no number for a code, no unknown property) before parseRequirementsRequest. */
export function requirementsBodySchema(ruleTypes: readonly string[]) {
  return declarationBodySchema(
    {
      type: 'object',
      additionalProperties: false,
      properties: { commodityCode: code, itemCountryOfOriginCode: code, extendedProcedureCode: code, nationalProcedureCode: code },
    },
    {
      ruleTypes: {
        type: ['array', 'null'],
        maxItems: 100,
        items: { type: 'string', enum: [...ruleTypes] },
        description: 'Default: every type',
      },
      validityDate: VALIDITY_DATE_SCHEMA,
    },
  );
}

type Optional<T> = T | null | undefined;
interface RequirementsBody {
  document: { typeOfDeclaration: string; generalProcedureCode?: Optional<string> };
  items: Array<{ [name in keyof Consignment]?: Optional<string> }>;
  meta?: { ruleTypes?: Optional<string[]>; validityDate?: Optional<string> };
}

const optionalCode = (value: Optional<string>) => value?.trim() || undefined;

/** The request of a body that matches requirementsBodySchema; unknown codes become per-item fieldsErrors later. */
export function parseRequirementsRequest(body: RequirementsBody): RequirementsRequest {
  const { typeOfDeclaration, generalProcedureCode } = declarationOf(body.document.typeOfDeclaration, body.document.generalProcedureCode);
  if (!typeOfDeclaration) throw new FieldError('document.typeOfDeclaration', 'is required');
  const types = body.meta?.ruleTypes ?? undefined;
  const validityDate = body.meta?.validityDate ?? today();
  if (!isCalendarDate(validityDate)) throw new FieldError('meta.validityDate', 'must be a date YYYY-MM-DD');
  const items = body.items.map((item) => ({
    commodityCode: optionalCode(item.commodityCode)?.replace(/[.\s]/g, ''),
    itemCountryOfOriginCode: optionalCode(item.itemCountryOfOriginCode)?.toUpperCase(),
    extendedProcedureCode: optionalCode(item.extendedProcedureCode),
    nationalProcedureCode: optionalCode(item.nationalProcedureCode)?.toUpperCase(),
  }));
  return {
    document: { typeOfDeclaration, generalProcedureCode },
    items,
    ruleTypes: types && types.length > 0 ? types : undefined,
    validityDate,
  };
}

const startsWithAny = (value: string, prefixes: string[]) => prefixes.some((prefix) => value.startsWith(prefix));

/** Whether every condition the rule states holds for the (checked) consignment. */
export function ruleApplies(
  rule: RequirementRule,
  flow: Flow,
  item: Required<Pick<Consignment, 'commodityCode' | 'extendedProcedureCode'>> & Consignment,
) {
  if (rule.flows && !rule.flows.includes(flow)) return false;
  if (rule.procedures && !startsWithAny(item.extendedProcedureCode, rule.procedures)) return false;
  const national = item.nationalProcedureCode;
  if (rule.nationalProcedures && (!national || !rule.nationalProcedures.includes(national))) return false;
  if (rule.excludeNationalProcedures && national && rule.excludeNationalProcedures.includes(national)) return false;
  if (rule.commodities && !startsWithAny(item.commodityCode, rule.commodities)) return false;
  if (rule.excludeCommodities && startsWithAny(item.commodityCode, rule.excludeCommodities)) return false;
  if (rule.origins && (!item.itemCountryOfOriginCode || !rule.origins.includes(item.itemCountryOfOriginCode))) return false;
  return true;
}

/**
 * The documents each consignment needs: its codes are checked against the reference data valid on the date
 * (unknown ones become fieldsErrors and the item gets no attachments), then every rule of the requested types
 * whose conditions hold adds its documents, once each, in rule order.
 */
export async function requirements(database: Database, rules: RequirementRules, request: RequirementsRequest): Promise<RequirementsResult> {
  const { validityDate, document } = request;
  const models = await allOf(database, 'modelOfDeclaration', validityDate, ['code', 'generalProcedureCode', 'flow']);
  const ofType = models.filter((row) => row.code === document.typeOfDeclaration);
  if (ofType.length === 0)
    throw new FieldError(
      'document.typeOfDeclaration',
      `unknown type of declaration ${JSON.stringify(document.typeOfDeclaration).slice(0, 40)}`,
    );
  const flow: Flow = ofType[0].flow === '0' ? 'export' : 'import';
  const generalProcedures = new Set(ofType.map((row) => String(row.generalProcedureCode)));

  const present = (name: keyof Consignment) => request.items.flatMap((item) => (item[name] ? [item[name]!] : []));
  const [commodities, countries, procedures, nationals, regimes, documents] = await Promise.all([
    lookupBy(database, 'commodity', present('commodityCode'), validityDate, { selectFields: ['code'] }),
    lookupBy(database, 'country', present('itemCountryOfOriginCode'), validityDate, { selectFields: ['code'] }),
    allOf(database, 'extendedProcedure', validityDate, ['code']),
    allOf(database, 'additionalProcedure', validityDate, ['code']),
    allOf(database, 'additionalRegimes', validityDate, ['code', 'extendedProcedureCode']),
    lookupBy(
      database,
      'attachedDocument',
      rules.rules.flatMap((rule) => rule.documents),
      validityDate,
      { selectFields: ['code', 'description', 'descriptionTranslated'] },
    ),
  ]);
  const procedureCodes = new Set(procedures.map((row) => String(row.code)));
  const nationalCodes = new Set(nationals.map((row) => String(row.code)));
  const allowed = new Set(regimes.map((row) => `${row.extendedProcedureCode}|${row.code}`));
  const selected = rules.rules.filter((rule) => !request.ruleTypes || request.ruleTypes.includes(rule.type));

  const items = request.items.map((item) => {
    const fieldsErrors: FieldProblem[] = [];
    const problem = (field: keyof Consignment, message: string) => fieldsErrors.push({ field, message });
    if (!item.commodityCode) problem('commodityCode', MESSAGES.mandatory);
    else if (!commodities.has(item.commodityCode)) problem('commodityCode', MESSAGES.commodity);
    if (item.itemCountryOfOriginCode && !countries.has(item.itemCountryOfOriginCode)) problem('itemCountryOfOriginCode', MESSAGES.country);
    const procedure = item.extendedProcedureCode;
    if (!procedure) problem('extendedProcedureCode', MESSAGES.mandatory);
    else if (!procedureCodes.has(procedure)) problem('extendedProcedureCode', MESSAGES.procedure);
    else if (!generalProcedures.has(procedure[0]))
      problem(
        'extendedProcedureCode',
        `Procedure ${procedure} cannot be declared with a declaration of type ${document.typeOfDeclaration}`,
      );
    else if (document.generalProcedureCode && document.generalProcedureCode !== procedure[0])
      problem('extendedProcedureCode', `Procedure ${procedure} does not belong to general procedure ${document.generalProcedureCode}`);
    const national = item.nationalProcedureCode;
    if (national && !nationalCodes.has(national)) problem('nationalProcedureCode', MESSAGES.national);
    else if (national && procedure && procedureCodes.has(procedure) && !allowed.has(`${procedure}|${national}`))
      problem('nationalProcedureCode', `National procedure ${national} is not allowed with extended procedure ${procedure}`);
    if (fieldsErrors.length > 0) return { attachments: [], fieldsErrors };

    const attachments: Attachment[] = [];
    const consignment = { ...item, commodityCode: item.commodityCode!, extendedProcedureCode: procedure! };
    for (const rule of selected) {
      if (!ruleApplies(rule, flow, consignment)) continue;
      for (const code of rule.documents) {
        const existing = attachments.find((attachment) => attachment.code === code);
        if (existing) {
          existing.ruleIds.push(rule.id);
          if (!rule.oneOf) delete existing.oneOf;
          continue;
        }
        const reference = documents.get(code);
        attachments.push({
          code,
          description: (reference?.description as string | null) ?? null,
          descriptionTranslated: (reference?.descriptionTranslated as string | null) ?? null,
          type: rule.type,
          ruleIds: [rule.id],
          ...(rule.oneOf ? { oneOf: rule.id } : {}),
          sample: rules.sample,
        });
      }
    }
    return { attachments, fieldsErrors };
  });
  return { items, flow, validityDate, sample: rules.sample };
}
