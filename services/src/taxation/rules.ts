import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR } from '../config.js';

/** The rules file, relative to data/. */
export const TAX_RULES_FILE = 'taxation/bd-tax-rules.json';

export type Flow = 'import' | 'export';
/** The assessable value: the first term of every base. */
export const ASSESSABLE_VALUE = 'AV';

export interface TaxDefinition {
  code: string;
  flows: Flow[];
  /** AV and/or codes of taxes calculated before this one: the base is their sum. */
  base: string[];
  description: string;
}

/** A per-unit rate replacing the ad valorem rate of one tax on one tariff line (sample data). */
export interface SpecificRate {
  commodityCode: string;
  tax: string;
  /** National currency per unit. */
  ratePerUnit: number;
  /** UN/ECE Recommendation 20 unit code. */
  unitCode: string;
  unit: string;
  description: string;
}

export interface TaxRules {
  country: string;
  nationalCurrency: string;
  taxes: TaxDefinition[];
  specificRates: { sample: boolean; lines: SpecificRate[] };
}

const fail = (message: string): never => {
  throw new Error(`${TAX_RULES_FILE}: ${message}`);
};

/** Checks the shape and the consistency of a rules document (bases refer to earlier taxes, one unit per line). */
export function checkTaxRules(document: unknown): TaxRules {
  const rules = document as TaxRules;
  if (!rules || typeof rules !== 'object') fail('not a JSON object');
  if (typeof rules.nationalCurrency !== 'string' || !/^[A-Z]{3}$/.test(rules.nationalCurrency))
    fail('nationalCurrency must be an ISO 4217 code');
  if (!Array.isArray(rules.taxes) || rules.taxes.length === 0) fail('taxes must be a non-empty list');
  const seen = new Set<string>();
  for (const [index, tax] of rules.taxes.entries()) {
    const where = `taxes[${index}]`;
    if (typeof tax.code !== 'string' || !/^[A-Z0-9]{1,10}$/.test(tax.code)) fail(`${where}.code must be a tax code`);
    if (seen.has(tax.code)) fail(`${where}: ${tax.code} is listed twice`);
    if (!Array.isArray(tax.flows) || tax.flows.length === 0 || tax.flows.some((flow) => flow !== 'import' && flow !== 'export'))
      fail(`${where}.flows must list import and/or export`);
    if (!Array.isArray(tax.base) || !tax.base.includes(ASSESSABLE_VALUE)) fail(`${where}.base must include ${ASSESSABLE_VALUE}`);
    for (const term of tax.base)
      if (term !== ASSESSABLE_VALUE && !seen.has(term)) fail(`${where}.base: ${term} must be a tax listed before ${tax.code}`);
    seen.add(tax.code);
  }
  const specific = rules.specificRates ?? { sample: true, lines: [] };
  if (!Array.isArray(specific.lines)) fail('specificRates.lines must be a list');
  const units = new Map<string, string>();
  const pairs = new Set<string>();
  for (const [index, line] of specific.lines.entries()) {
    const where = `specificRates.lines[${index}]`;
    if (typeof line.commodityCode !== 'string' || !/^\d{8}$/.test(line.commodityCode)) fail(`${where}.commodityCode must have 8 digits`);
    if (!seen.has(line.tax)) fail(`${where}.tax ${line.tax} is not one of the taxes`);
    if (typeof line.ratePerUnit !== 'number' || !(line.ratePerUnit > 0)) fail(`${where}.ratePerUnit must be a positive number`);
    if (typeof line.unitCode !== 'string' || line.unitCode === '') fail(`${where}.unitCode is required`);
    const pair = `${line.commodityCode}|${line.tax}`;
    if (pairs.has(pair)) fail(`${where}: ${line.tax} of ${line.commodityCode} is listed twice`);
    pairs.add(pair);
    const unit = units.get(line.commodityCode);
    if (unit !== undefined && unit !== line.unitCode) fail(`${where}: the specific rates of one line must share one unit`);
    units.set(line.commodityCode, line.unitCode);
  }
  return { ...rules, specificRates: { sample: specific.sample !== false, lines: specific.lines } };
}

/** The rules of a data folder (default data/), checked. */
export function loadTaxRules(dataDir = DEFAULT_DATA_DIR): TaxRules {
  return checkTaxRules(JSON.parse(readFileSync(join(dataDir, TAX_RULES_FILE), 'utf8')));
}

/**
 * The total of a flow's ad valorem taxes on an assessable value of 100, each on the base the rules give
 * it (AV and the taxes before it), rounded to cents: for imports, the tariff's total tax incidence (TTI).
 * The simulation applies the same bases to a real value (simulate.ts).
 */
export function totalRate(rules: Pick<TaxRules, 'taxes'>, flow: Flow, rates: Record<string, number>): number {
  const amounts = new Map<string, number>([[ASSESSABLE_VALUE, 100]]);
  let total = 0;
  for (const tax of rules.taxes) {
    if (!tax.flows.includes(flow)) continue;
    const base = tax.base.reduce((sum, term) => sum + (amounts.get(term) ?? 0), 0);
    const amount = (base * (rates[tax.code] ?? 0)) / 100;
    amounts.set(tax.code, amount);
    total += amount;
  }
  return Math.round(total * 100 + 1e-7) / 100;
}
