import { describe, expect, it } from 'vitest';
import { chemicalHeading, distinctCompounds, namesChemical, namesOtherCompound } from './chemistry.js';
import { predict } from './model.js';
import { testFinder } from './test-model.js';

describe('chemical names', () => {
  it('reads a systematic name or a CAS number as a chemical, and goods with numbers as goods', () => {
    expect(namesChemical('1,2-dichloroethane')).toBe(true);
    expect(namesChemical('Benzene (CAS 71-43-2)')).toBe(true);
    expect(namesChemical('N,N-dimethylformamide')).toBe(true);
    expect(namesChemical('2-button wireless mouse')).toBe(false);
    expect(namesChemical('3-piece stainless steel cookware set')).toBe(false);
    expect(namesChemical('o-rings of ethylene propylene rubber')).toBe(false);
    expect(namesChemical("men's cotton t-shirt")).toBe(false);
    expect(namesChemical('housse de protection en cas de pluie, membrane imperméable')).toBe(false);
  });

  it("gives the heading of the last of a compound's functional groups, as chapter 29's note 3", () => {
    expect(chemicalHeading('2-methylpropene')).toBe('2901');
    expect(chemicalHeading('1,2-dichloroethane (CAS 107-06-2)')).toBe('2903');
    expect(chemicalHeading('4-nitrotoluene')).toBe('2904');
    expect(chemicalHeading('4-tert-butylphenol')).toBe('2907');
    expect(chemicalHeading('2-methoxyphenol')).toBe('2909');
    expect(chemicalHeading('2-hydroxybenzoic acid')).toBe('2918');
    expect(chemicalHeading("4,4'-methylenedianiline")).toBe('2921');
    expect(chemicalHeading('4-aminophenol')).toBe('2922');
    expect(chemicalHeading('4-ethoxyaniline')).toBe('2922');
    expect(chemicalHeading('4-chloro-3-methylphenol')).toBe('2908');
    expect(chemicalHeading('1,4-dioxane')).toBe('2932');
    expect(chemicalHeading('N,N-dimethylformamide (CAS 68-12-2)')).toBe('2924');
    expect(chemicalHeading("2,2'-azobis(2-methylpropionitrile)")).toBe('2927');
    expect(chemicalHeading('3-methylpyridine')).toBe('2933');
    // Not a chemically defined compound, or no group it knows: no heading.
    expect(chemicalHeading('polyethylene terephthalate film (CAS 25038-59-9)')).toBeNull();
    expect(chemicalHeading('2,4-D herbicide formulation (CAS 94-75-7)')).toBeNull();
    expect(chemicalHeading('sodium chloride (CAS 7647-14-5)')).toBeNull();
    // Inorganic salts of ammonium or thiosulfuric acid are of chapter 28, not organic ammonium or sulphur compounds.
    expect(chemicalHeading('ammonium chloride (CAS 12125-02-9)')).toBeNull();
    expect(chemicalHeading('sodium thiosulfate (CAS 7772-98-7)')).toBeNull();
    expect(chemicalHeading('tetramethylammonium hydroxide (CAS 75-59-2)')).toBe('2923');
    expect(chemicalHeading('2-button wireless mouse')).toBeNull();
  });

  it('ranks the codes of that heading first', () => {
    const { index, params } = testFinder();
    const first = (text: string) => predict(index, params, text, 5).predictions[0]?.code.slice(0, 4);
    // Each of these is ranked under another heading without the rule.
    expect(first('2-methylfuran')).toBe('2932');
    // Not the toluol of 27.07 either: chapter 27 leaves chemically defined organic compounds to chapter 29.
    expect(first('4-nitrotoluene')).toBe('2904');
    expect(first('2-ethylhexyl acrylate')).toBe('2916');
    // Ethylbenzene is named by its own subheading; trimethylbenzene is one of the heading's others (without the rule, 2902.60).
    expect(predict(index, params, '1,3,5-trimethylbenzene (CAS 108-67-8)', 5).predictions[0]?.code).toBe('290290');
  });

  it('reads the compounds that set a subheading apart from the others of its heading', () => {
    expect(
      distinctCompounds([
        'Cyclic hydrocarbons; cyclanes, cyclenes and cycloterpenes, excluding cyclohexane',
        'Cyclic hydrocarbons; o-xylene',
        'Cyclic hydrocarbons; m-xylene',
        'Cyclic hydrocarbons; p-xylene',
        'Cyclic hydrocarbons; cumene',
        'Cyclic hydrocarbons; n.e.c. in heading no. 2902',
      ]),
    ).toEqual([[], [], [], [], ['cumene'], []]);
    // A ring named as the class of the subheading's compounds is not a compound; what follows it is.
    expect(
      distinctCompounds([
        'Heterocyclic compounds; containing an unfused triazine ring (whether or not hydrogenated) in the structure, melamine',
      ]),
    ).toEqual([['melamine']]);
    // So are groups named as the class: 4-nitrotoluene is one of the nitro derivatives of 2904.20, not another compound.
    expect(
      distinctCompounds(['Derivatives of hydrocarbons; containing only nitro or only nitroso groups, whether or not halogenated']),
    ).toEqual([[]]);
    expect(
      distinctCompounds([
        'Ether-alcohols and their halogenated, sulphonated, nitrated or nitrosated derivatives; 2,2-oxydiethanol (diethylene glycol, digol)',
      ]),
    ).toEqual([['oxydiethanol', 'diethylene', 'glycol']]);
    expect(namesOtherCompound('Fluorene (CAS 86-73-7)', ['cumene'])).toBe(true);
    expect(namesOtherCompound('1,3,5-trimethylbenzene', ['ethylbenzene'])).toBe(true);
    expect(namesOtherCompound('2-methyl-2-butene', ['butene', 'butylene'])).toBe(false);
    expect(namesOtherCompound('Fluorene (CAS 86-73-7)', [])).toBe(false);
  });
});
