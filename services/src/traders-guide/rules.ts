import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR } from '../config.js';

/** The rules file, relative to data/. */
export const REQUIREMENT_RULES_FILE = 'traders-guide/rules.json';

export type Flow = 'import' | 'export';

/** One requirement: the documents an item needs when every condition the rule states holds. */
export interface RequirementRule {
  id: string;
  type: string;
  description: string;
  /** Attached document codes (UN/EDIFACT 1001, the attachedDocument reference list). */
  documents: string[];
  /** The item needs one of the documents rather than all of them. */
  oneOf?: boolean;
  flows?: Flow[];
  /** Prefixes of the extended procedure code (1, 2 or 4 characters). */
  procedures?: string[];
  nationalProcedures?: string[];
  excludeNationalProcedures?: string[];
  /** Prefixes of the commodity code. */
  commodities?: string[];
  excludeCommodities?: string[];
  /** ISO 3166-1 alpha-2 countries of origin. */
  origins?: string[];
}

export interface RequirementRules {
  sample: boolean;
  ruleTypes: Array<{ code: string; description: string }>;
  rules: RequirementRule[];
}

const fail = (message: string): never => {
  throw new Error(`${REQUIREMENT_RULES_FILE}: ${message}`);
};

const LIST_FIELDS = [
  'flows',
  'procedures',
  'nationalProcedures',
  'excludeNationalProcedures',
  'commodities',
  'excludeCommodities',
  'origins',
] as const;

/** Checks the shape of a rules document: unique ids, known rule types, non-empty string lists. */
export function checkRequirementRules(document: unknown): RequirementRules {
  const rules = document as RequirementRules;
  if (!rules || typeof rules !== 'object') fail('not a JSON object');
  if (!Array.isArray(rules.ruleTypes) || rules.ruleTypes.length === 0) fail('ruleTypes must be a non-empty list');
  const types = new Set(rules.ruleTypes.map((type) => type.code));
  if (!Array.isArray(rules.rules)) fail('rules must be a list');
  const ids = new Set<string>();
  for (const [index, rule] of rules.rules.entries()) {
    const where = `rules[${index}]`;
    if (typeof rule.id !== 'string' || rule.id === '' || ids.has(rule.id)) fail(`${where}.id must be a unique name`);
    ids.add(rule.id);
    if (!types.has(rule.type)) fail(`${where}.type ${rule.type} is not one of ruleTypes`);
    if (
      !Array.isArray(rule.documents) ||
      rule.documents.length === 0 ||
      rule.documents.some((code) => typeof code !== 'string' || code === '')
    )
      fail(`${where}.documents must list document codes`);
    for (const name of LIST_FIELDS) {
      const list = rule[name];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length === 0 || list.some((value) => typeof value !== 'string' || value === ''))
        fail(`${where}.${name} must be a non-empty list of codes (leave it out to match everything)`);
    }
    if (rule.flows?.some((flow) => flow !== 'import' && flow !== 'export')) fail(`${where}.flows must list import and/or export`);
  }
  return { ...rules, sample: rules.sample !== false };
}

export async function loadRequirementRules(dataDir = DEFAULT_DATA_DIR): Promise<RequirementRules> {
  return checkRequirementRules(JSON.parse(await readFile(join(dataDir, REQUIREMENT_RULES_FILE), 'utf8')));
}
