import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPack } from '../db/import.js';
import { DATA_PACKS } from '../db/packs.js';
import { BACKENDS, searchOn, startTestService, type TestService } from '../reference/test-database.js';
import { LIST_TABLE, listDocumentWords } from './lists.js';
import { documentText } from './text.js';

const PACKS = ['country', 'currency', 'codelists', 'sample'];

describe('list documents', () => {
  it('hold the description, the translated description and, for countries and currencies, their CLDR names', () => {
    const germany = listDocumentWords('country', { code: 'DE', description: 'Germany', descriptionTranslated: 'জার্মানি' });
    const stems = [
      documentText('Germany', 'en'),
      documentText('জার্মানি', 'bn'),
      documentText('Allemagne', 'fr'),
      documentText('Alemania', 'es'),
    ];
    expect(germany.split(' ')).toEqual(expect.arrayContaining([...stems, documentText('ألمانيا', 'ar')]));
    expect(listDocumentWords('currency', { code: 'EUR', description: 'Euro' }).split(' ')).toEqual(expect.arrayContaining(['euro']));
    // Other lists have no CLDR names, and a code CLDR cannot read gives none.
    expect(listDocumentWords('bank', { code: 'DE', description: 'Sonali Bank' })).toBe(documentText('Sonali Bank', 'en'));
    expect(listDocumentWords('country', { code: 'not a code', description: 'Somewhere' })).toBe(documentText('Somewhere', 'en'));
  });
});

describe.each(BACKENDS)('keyword search of the reference lists ($name)', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(backend, PACKS);
  }, 180_000);
  afterAll(async () => {
    await service?.close();
  });

  const search = searchOn(() => service);
  const codes = async (entity: string, keywords: string, extra: Record<string, unknown> = {}) => {
    const { status, body } = await search(entity, { keywords, max: 100, ...extra });
    expect(status, `${entity} ${keywords}: ${body.message}`).toBe(200);
    return body.resultList.map((row) => String(row.code));
  };

  it('finds countries and currencies by their names in the page languages', async () => {
    for (const name of ['Germany', 'Allemagne', 'alemania', 'ألمانيا', 'জার্মানি'])
      expect((await codes('country', name))[0], name).toBe('DE');
    expect((await codes('currency', 'yen'))[0]).toBe('JPY');
    expect(await codes('currency', 'euro')).toContain('EUR');
  });

  it('matches whole words of the description, best first, with plurals folded', async () => {
    // CONTAINS "Forwarding" is a substring match; the keyword search finds the same declarants, by whole word.
    const literal = await search('declarant', {
      max: 1,
      restrictBy: 'AND',
      restrictions: [{ field: 'description', operator: 'CONTAINS', value: 'Forwarding' }],
    });
    const { body } = await search('declarant', { keywords: 'forwarding', max: 100 });
    expect(body.totalCount).toBe(literal.body.totalCount);
    expect(body.totalCount).toBeGreaterThan(0);
    for (const row of body.resultList) {
      expect(String(row.description)).toMatch(/\bforwarding\b/i);
      expect(row.relevance).toEqual(expect.any(Number));
    }
    const relevance = body.resultList.map((row) => Number(row.relevance));
    expect(relevance).toEqual([...relevance].sort((a, b) => b - a));
    // "certificates" finds the certificates of the attached document types, and not a word that only contains it.
    const certificates = await search('attachedDocument', { keywords: 'certificates', max: 200 });
    expect(certificates.body.totalCount).toBeGreaterThan(5);
    for (const row of certificates.body.resultList) expect(String(row.description)).toMatch(/\bcertificates?\b/i);
    expect(await codes('country', 'land')).not.toContain('FI'); // Finland
  });

  it('combines with restrictions, sorts by a field when asked, and pages with a total', async () => {
    const all = await search('declarant', { keywords: 'forwarding', max: 500 });
    const restricted = await search('declarant', {
      keywords: 'forwarding',
      max: 500,
      restrictBy: 'AND',
      restrictions: [{ field: 'address', operator: 'CONTAINS', value: 'Dhaka' }],
    });
    expect(restricted.body.totalCount).toBeLessThan(all.body.totalCount);
    const sorted = await codes('declarant', 'forwarding', { sortByFields: [{ field: 'code', order: 'DESC' }], max: 500 });
    expect(sorted).toEqual([...sorted].sort().reverse());
    const second = await search('declarant', { keywords: 'forwarding', max: 2, offset: 2 });
    expect(second.body.totalCount).toBe(all.body.totalCount);
    expect(second.body.resultList.map((row) => row.code)).toEqual(all.body.resultList.slice(2, 4).map((row) => row.code));
  });

  it('answers any text with results or an empty list, and what the search cannot take with 400 naming it', async () => {
    for (const keywords of ['" * ( ) NEAR OR -', '🙂', '\u202ehello', 'x'.repeat(2000), "'; drop table list_document; --"])
      expect((await search('bank', { keywords })).status, keywords).toBe(200);
    const long = await search('bank', { keywords: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/keywords/);
    const distinct = await search('bank', { keywords: 'bank', distinct: true, selectFields: ['code'] });
    expect(distinct.status).toBe(400);
  });

  it('rebuilds a list documents when it is imported again, and leaves the other lists', async () => {
    const count = async (entity: string) =>
      Number(
        (
          await service.database.db
            .selectFrom(LIST_TABLE)
            .select((eb) => eb.fn.countAll().as('count'))
            .where('entity', '=', entity)
            .executeTakeFirstOrThrow()
        ).count,
      );
    const [countries, currencies] = [await count('country'), await count('currency')];
    expect(countries).toBeGreaterThan(200);
    await importPack(service.database, DATA_PACKS.find((pack) => pack.name === 'country')!, { force: true });
    expect(await count('country')).toBe(countries);
    expect(await count('currency')).toBe(currencies);
    // (another request than before, so that the answer is not the cached one)
    expect((await codes('country', 'Allemagne', { max: 5 }))[0]).toBe('DE');
  });
});
