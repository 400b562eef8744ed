import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import { commodityName, lookupByCodes, searchReference, type ReferenceRecord } from '../../http/reference';
import { answer, api } from '../../app/api';

export interface Consignment {
  commodityCode: string;
  /** The commodity's description, shown beside the code (not sent), and the language it is in. */
  commodityDescription: string;
  commodityDescriptionLanguage?: string;
  itemCountryOfOriginCode: string;
  extendedProcedureCode: string;
  nationalProcedureCode: string;
}

export const EMPTY_CONSIGNMENT: Consignment = {
  commodityCode: '',
  commodityDescription: '',
  itemCountryOfOriginCode: '',
  extendedProcedureCode: '',
  nationalProcedureCode: '',
};

export interface FieldError {
  field: string;
  message: string;
}

export interface DocumentName {
  description: string;
  descriptionTranslated: string | null;
}

/** One requirement of the answer, numbered from 1: a document, or one document of a set of alternatives. */
export interface RequiredDocument {
  id: number;
  /** The document's code; for alternatives, their codes joined with " / ". */
  attDocCode: string;
  attDocName: DocumentName;
  /** Set when any one of these documents meets the requirement (a bill of lading, an air waybill or a road consignment note). */
  alternatives?: Array<{ code: string; name: DocumentName }>;
  /** The consignments' commodity codes that need it. */
  applicableCommodityCodes: string[];
}

export interface GuideConfig {
  additionalFields: unknown[];
  meta: { ruleTypes?: string[] };
}

interface Attachment {
  code: string;
  description?: string | null;
  descriptionTranslated?: string | null;
  /** The rule whose documents are alternatives: one of them is enough. */
  oneOf?: string;
}
interface RequirementsResponse {
  items: Array<{ attachments: Attachment[]; fieldsErrors: FieldError[] }>;
}

/** An extended procedure's code: its requested and previous procedure codes joined (SPEC section 3: "4000"). */
export function procedureCode(row: ReferenceRecord): string {
  return `${row.requestedProcedureCode ?? ''}${row.previousProcedureCode ?? ''}`;
}

/**
 * The tariff line of a typed code and its name in the page language: from the suggestions already shown,
 * else looked up by its code (a code typed faster than the suggestions arrive); null when there is none.
 */
export async function commodityOf(
  code: string,
  suggestions: ReferenceRecord[],
  language: string,
  translated: boolean,
): Promise<{ text: string; lang: string } | null> {
  const found =
    suggestions.find((row) => row.code === code) ??
    (/^\d{4,}$/.test(code) ? (await lookupByCodes('commodity', [code], { lang: language }).catch(() => null))?.resultList[0] : undefined);
  return found ? commodityName(found, language, translated) : null;
}

/** The site's guide configuration; a failure is ignored (no extra fields, every rule type). */
export async function fetchGuideConfig(): Promise<GuideConfig | null> {
  try {
    const { data } = await http.get<GuideConfig>('/traders-guide-config.json');
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

/** Consignments grouped by the first character of their extended procedure (the general procedure), in first-seen order. */
export function groupByProcedure(consignments: Consignment[]): Array<{ generalProcedureCode: string; indexes: number[] }> {
  const groups = new Map<string, number[]>();
  consignments.forEach((consignment, index) => {
    const key = consignment.extendedProcedureCode.charAt(0);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  return [...groups].map(([generalProcedureCode, indexes]) => ({ generalProcedureCode, indexes }));
}

export interface GuideAnswer {
  documents: RequiredDocument[];
  /** Field errors per consignment (by its position in the list). */
  fieldErrors: Record<number, FieldError[]>;
}

/** One call per group of consignments; the documents of every group merged, each once, numbered 1..n. */
export async function fetchRequirements(
  typeOfDeclaration: string,
  consignments: Consignment[],
  ruleTypes: string[] | undefined,
): Promise<GuideAnswer> {
  const groups = groupByProcedure(consignments);
  const answers = await Promise.all(
    groups.map(({ generalProcedureCode, indexes }) =>
      http
        .post<RequirementsResponse>(`${serviceUrls.tradersGuide}requirements`, {
          document: { typeOfDeclaration, generalProcedureCode },
          items: indexes.map((index) => {
            const { commodityCode, itemCountryOfOriginCode, extendedProcedureCode, nationalProcedureCode } = consignments[index];
            return { commodityCode, itemCountryOfOriginCode, extendedProcedureCode, nationalProcedureCode };
          }),
          meta: { ruleTypes: ruleTypes ?? [] },
        })
        .then(({ data }) => ({ indexes, data })),
    ),
  );
  const documents = new Map<string, RequiredDocument>();
  const fieldErrors: Record<number, FieldError[]> = {};
  for (const { indexes, data } of answers) {
    data.items.forEach((item, position) => {
      const index = indexes[position];
      if (item.fieldsErrors?.length) fieldErrors[index] = item.fieldsErrors;
      for (const attachment of item.attachments ?? []) {
        // Alternatives (one of the rule's documents is enough) make one requirement, not one per document.
        const key = attachment.oneOf ? `one-of ${attachment.oneOf}` : attachment.code;
        const name = {
          description: attachment.description ?? attachment.code,
          descriptionTranslated: attachment.descriptionTranslated ?? null,
        };
        const commodity = consignments[index].commodityCode;
        let known = documents.get(key);
        if (!known) {
          known = { id: documents.size + 1, attDocCode: attachment.code, attDocName: name, applicableCommodityCodes: [] };
          if (attachment.oneOf) known.alternatives = [];
          documents.set(key, known);
        }
        if (known.alternatives && !known.alternatives.some((alternative) => alternative.code === attachment.code)) {
          known.alternatives.push({ code: attachment.code, name });
          known.attDocCode = known.alternatives.map((alternative) => alternative.code).join(' / ');
        }
        if (!known.applicableCommodityCodes.includes(commodity)) known.applicableCommodityCodes.push(commodity);
      }
    });
  }
  return { documents: [...documents.values()], fieldErrors };
}

/** The documents request of a regime's consignments, with the rule types of the site's configuration. */
export interface DocumentsRequest {
  typeOfDeclaration: string;
  consignments: Consignment[];
  ruleTypes?: string[];
}

export const tradersGuideApi = api.injectEndpoints({
  endpoints: (build) => ({
    guideConfig: build.query<GuideConfig | null, void>({ queryFn: () => answer(fetchGuideConfig()) }),
    requiredDocuments: build.query<GuideAnswer, DocumentsRequest>({
      queryFn: ({ typeOfDeclaration, consignments, ruleTypes }) =>
        answer(fetchRequirements(typeOfDeclaration, consignments, ruleTypes), 'notifications.somethingWentWrong'),
    }),
    /** National procedures allowed with an extended procedure (the additionalRegimes list); a failure gives none. */
    nationalProcedures: build.query<ReferenceRecord[], string>({
      queryFn: (extendedProcedureCode) =>
        answer(
          searchReference('additionalRegimes', {
            max: 100,
            restrictions: [{ field: 'extendedProcedureCode', operator: 'EQUALS', value: extendedProcedureCode }],
          }).then(
            ({ resultList }) => resultList,
            () => [],
          ),
        ),
    }),
  }),
});

export const { useGuideConfigQuery, useRequiredDocumentsQuery, useNationalProceduresQuery } = tradersGuideApi;
