import type { FastifyInstance } from 'fastify';
import { SERVICE_INFO } from '../http/service-info.js';
import type { Database } from '../db/database.js';
import { parseRequirementsRequest, requirements, requirementsBodySchema } from './requirements.js';
import { serviceContract } from '../http/schema.js';
import { loadRequirementRules, type RequirementRules } from './rules.js';

export const TRADERS_GUIDE_PREFIX = SERVICE_INFO.tradersGuide.prefix;

export interface TradersGuidePluginOptions {
  database: Database;
  /** Default: data/traders-guide/rules.json (a sample rule set). */
  rules?: RequirementRules;
}

/**
 * POST /requirements: the documents each consignment of a group (one declaration type and general procedure)
 * needs. 200 {items: [{attachments: [{code, description, ...}], fieldsErrors: [{field, message}]}], sample: true};
 * 400 {error, message, field} for a malformed body or an unknown type of declaration or rule type.
 * GET /rules: the rule set itself.
 */
export async function tradersGuidePlugin(app: FastifyInstance, options: TradersGuidePluginOptions): Promise<void> {
  const { database } = options;
  const rules = options.rules ?? (await loadRequirementRules());
  serviceContract(app);

  app.post<{ Body: Parameters<typeof parseRequirementsRequest>[0] }>(
    '/requirements',
    {
      schema: {
        summary: 'The documents required for a group of consignments',
        body: requirementsBodySchema(rules.ruleTypes.map((type) => type.code)),
      },
    },
    async (request) => requirements(database, rules, parseRequirementsRequest(request.body)),
  );

  app.get('/rules', { schema: { summary: 'The (sample) rule set: rule types and rules' } }, async () => rules);
}
