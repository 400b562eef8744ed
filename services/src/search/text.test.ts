import { describe, expect, it } from 'vitest';
import { documentText, ftsMatchExpression, queryGroups, stemWord, tsqueryExpression } from './text.js';

const stems = (text: string, language: 'en' | 'fr' | 'es' | 'ar' | 'bn') => documentText(text, language).split(' ');

describe('keyword search text processing', () => {
  it("reads the names of Object.prototype's members as words", () => {
    expect(stems('Toy constructor; constructors', 'en')).toEqual(['toy', 'constructor', 'constructor']);
    expect(stems('toString valueOf hasOwnProperty', 'en')).toEqual(['tostr', 'valueof', 'hasownproperty']);
  });

  it('stems English plurals and -ing, and folds tyre/tire', () => {
    expect(stems('Shoes tyres tires batteries dishes cooking', 'en')).toEqual(['shoe', 'tyre', 'tyre', 'battery', 'dish', 'cook']);
    expect(stemWord('shoulders', 'en')).not.toBe(stemWord('shoes', 'en'));
  });

  it('stems French (-s, -x, -aux, -eaux) and Spanish (-es, -s, -ces) and folds their accents', () => {
    expect(stems('Chaussures chaussure animaux animal bateaux bateau', 'fr')).toEqual([
      'chaussur',
      'chaussur',
      'animal',
      'animal',
      'bateau',
      'bateau',
    ]);
    expect(stems('Crevettes congelées, crevette congelée', 'fr')).toEqual(['crevett', 'congele', 'crevett', 'congele']);
    expect(stems('motores motor luces luz camiones camión', 'es')).toEqual(['motor', 'motor', 'luz', 'luz', 'camion', 'camion']);
    expect(stems('AÑO Año', 'es')).toEqual(['ano', 'ano']);
  });

  it('folds Arabic letter forms and strips the article, prefixes and plural suffixes when 3 letters remain', () => {
    expect(stems('أحذية الأحذية والأحذية', 'ar')).toEqual(['احذي', 'احذي', 'احذي']);
    expect(stems('إطارات الإطار', 'ar')).toEqual(['اطار', 'اطار']);
    expect(stems('سيارة سيارات السيارات', 'ar')).toEqual(['سيار', 'سيار', 'سيار']);
    expect(stems('أَرُزّ الأرز', 'ar')).toEqual(['ارز', 'ارز']);
    expect(stems('مستشفى مستشفي', 'ar')).toEqual(['مستشفي', 'مستشفي']);
    // Too short to strip: "لحم" keeps its first letter.
    expect(stems('لحم', 'ar')).toEqual(['لحم']);
  });

  it('keeps Bengali words whole', () => {
    expect(stems('মোবাইল ফোন', 'bn')).toEqual(['মোবাইল', 'ফোন']);
  });

  it('gives each query word its English, French and Spanish stems, once', () => {
    expect(queryGroups('chaussures de sport')).toEqual([['chaussur'], ['sport']]);
    expect(queryGroups('Tyres tyres')).toEqual([['tyre', 'tyr']]);
    expect(queryGroups('the of and')).toEqual([]);
  });

  it('makes hostile text into quoted tokens only: no full-text syntax reaches the index', () => {
    const hostile = '" * ( ) NEAR OR AND - ^ : {national}: rice* "shoes" NOT x \' \\ 😀 \u202e\u200f أرز';
    const groups = queryGroups(hostile);
    for (const group of groups) for (const token of group) expect(token).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
    const expression = ftsMatchExpression(groups, 'all');
    // Outside the quoted tokens only the expression's own grammar is left.
    expect(expression.replace(/"[^"]*"/g, '')).toMatch(/^[() +]*((AND|OR)[() +]*)*$/);
    expect(expression).toContain('("rice")');
    expect(expression).toContain('("near")');
    expect(queryGroups('😀 \u202e ( ) * ^ :')).toEqual([]);
  });

  it('escapes quotes in both query languages', () => {
    expect(ftsMatchExpression([['a"b', 'c']], 'all')).toBe('("a""b" OR "c")');
    expect(ftsMatchExpression([['a'], ['b']], 'any')).toBe('(("a") OR ("b")) OR "a" + "b"');
    expect(tsqueryExpression([['a'], ['b']], 'all')).toBe("(('a') & ('b')) | ('a' <-> 'b')");
    expect(tsqueryExpression([["a'b", 'c\\']], 'all')).toBe("('a''b' | 'c\\\\')");
  });

  it('matches every word but one before any word, on both databases', () => {
    const groups = [['a'], ['b'], ['c']];
    expect(ftsMatchExpression(groups, 'most')).toBe('((("b") AND ("c")) OR (("a") AND ("c")) OR (("a") AND ("b"))) OR "a" + "b" + "c"');
    expect(tsqueryExpression(groups, 'most')).toBe("((('b') & ('c')) | (('a') & ('c')) | (('a') & ('b'))) | ('a' <-> 'b' <-> 'c')");
    // With two words, every word but one is any word.
    expect(ftsMatchExpression([['a'], ['b']], 'most')).toBe(ftsMatchExpression([['a'], ['b']], 'any'));
  });

  it('reads at most 32 words of a long query', () => {
    const words = Array.from(
      { length: 500 },
      (_, index) => `word${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + (Math.floor(index / 26) % 26))}`,
    );
    expect(queryGroups(words.join(' ')).length).toBe(32);
  });
});
