import type { FastifyInstance } from 'fastify';
import { SERVICE_INFO } from '../http/service-info.js';
import type { Database } from '../db/database.js';
import { loadTaxRules, type TaxRules } from './rules.js';
import { NotEnoughInformationError, parseSimulationRequest, simulate, SIMULATION_BODY_SCHEMA } from './simulate.js';
import { serviceContract } from '../http/schema.js';

export const TAXATION_PREFIX = SERVICE_INFO.taxation.prefix;

export interface TaxationPluginOptions {
  database: Database;
  /** Default: data/taxation/bd-tax-rules.json. */
  rules?: TaxRules;
}

/**
 * POST /simulate: the duties and taxes of a declaration's items (import or export), per the tax rules file and
 * the tariff lines valid on meta.validityDate (default today).
 * 200 {items: [{taxes: [{code, label, base, rate, amount}], totalItemTaxes}], guaranteeAmount, currency};
 * 400 {error, message, field} for bad input (an unknown commodity: field items[i].commodityCode, "CET Tariff Not Found");
 * 422 {error: 'NotEnoughInformation', taxCodes, message, items} when a specific tax needs the supplementary quantity.
 */
export async function taxationPlugin(app: FastifyInstance, options: TaxationPluginOptions): Promise<void> {
  const { database } = options;
  const rules = options.rules ?? loadTaxRules();
  serviceContract(app);

  app.post<{ Body: Parameters<typeof parseSimulationRequest>[0] }>(
    '/simulate',
    { schema: { summary: 'Simulate the duties and taxes of a declaration', body: SIMULATION_BODY_SCHEMA } },
    async (request, reply) => {
      const parsed = parseSimulationRequest(request.body);
      try {
        return await simulate(database, rules, parsed);
      } catch (error) {
        if (error instanceof NotEnoughInformationError) return reply.code(422).send(error.toJSON());
        throw error;
      }
    },
  );

  app.get('/rules', { schema: { summary: 'The tax rules: taxes per flow, their bases and the sample specific rates' } }, async () => ({
    country: rules.country,
    nationalCurrency: rules.nationalCurrency,
    taxes: rules.taxes,
    specificRates: rules.specificRates,
  }));
}
