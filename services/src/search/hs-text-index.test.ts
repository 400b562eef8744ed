import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database.js';
import { HS_TEXTS_TTL_MS, hsTextIndex } from './hs-text-index.js';
import { hsTexts } from './keyword-search.js';

describe('the HS texts held in memory', () => {
  let database: Database;
  beforeEach(async () => {
    database = await openDatabase({ url: ':memory:' });
    await sql`create table ref_hs_nomenclature (code text, description text, level integer)`.execute(database.db);
    await sql`create table hs_text (code text, language text, description text)`.execute(database.db);
    await sql`insert into ref_hs_nomenclature values ('I', 'Live animals; animal products', 1), ('10', 'Cereals', 2), ('1006', 'Rice', 3), ('100630', 'Semi-milled or wholly milled rice', 4)`.execute(
      database.db,
    );
    await sql`insert into hs_text values ('10', 'fr', 'Céréales'), ('1006', 'fr', 'Riz'), ('1006', 'ar', 'أرز')`.execute(database.db);
  });
  afterEach(() => database.close());

  it('gives each code its text in the language, English where the language has none, and nothing for what is not a chapter, heading or subheading', async () => {
    const texts = await hsTexts(database, ['10', '1006', '100630', 'I', '9999'], 'fr');
    expect([...texts.values()]).toEqual([
      { code: '10', description: 'Céréales', language: 'fr' },
      { code: '1006', description: 'Riz', language: 'fr' },
      { code: '100630', description: 'Semi-milled or wholly milled rice', language: 'en' },
    ]);
    expect((await hsTexts(database, ['1006'], 'ar')).get('1006')).toEqual({ code: '1006', description: 'أرز', language: 'ar' });
    expect((await hsTexts(database, ['1006'], 'bn')).get('1006')).toEqual({ code: '1006', description: 'Rice', language: 'en' });
  });

  it('reads the texts again once its copy is older than its time to live, answering with the copy until then', async () => {
    const start = Date.now();
    const french = async (now: number) => (await hsTextIndex(database, now)).translated.get('fr')?.get('1006')?.description;
    expect(await french(start)).toBe('Riz');
    await sql`update hs_text set description = 'Riz (nouveau texte)' where code = '1006' and language = 'fr'`.execute(database.db);
    expect(await french(start + HS_TEXTS_TTL_MS - 1)).toBe('Riz');
    // Stale: this answer is still the copy held, the next ones are the texts read again.
    expect(await french(start + HS_TEXTS_TTL_MS)).toBe('Riz');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await french(start + HS_TEXTS_TTL_MS + 1)).toBe('Riz (nouveau texte)');
  });
});
