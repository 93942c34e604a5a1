import { describe, expect, it } from 'vitest';
import { nameKeys, normalize } from './normalize';

describe('normalize', () => {
  it('drops accents, case and punctuation', () => {
    expect(normalize('  Boeing Field/King County Intl ')).toBe('boeing field king county intl');
    expect(normalize('Zürich')).toBe('zurich');
    expect(normalize('Coeur d’Alene')).toBe('coeur d alene');
    expect(normalize('—')).toBe('');
  });

  it('keys a name by itself and by each later word on', () => {
    expect(nameKeys('New York City')).toEqual({ names: ['new york city'], words: ['york city', 'city'] });
    expect(nameKeys('')).toEqual({ names: [], words: [] });
  });

  it('counts the other names an airport carries after " - ", around "/" or in brackets, not a hyphen in a word', () => {
    expect(nameKeys('King County Intl - Boeing Field').names).toEqual(['king county intl boeing field', 'boeing field']);
    // Before a dash may be a fragment: "Boeing" alone is not this heliport's name.
    expect(nameKeys('Boeing - Auburn Complex Heliport').names).toEqual(['boeing auburn complex heliport', 'auburn complex heliport']);
    expect(nameKeys('Boeing Field/King County Intl').names).toEqual(['boeing field king county intl', 'boeing field', 'king county intl']);
    expect(nameKeys('Fort Worth Alliance (AFW)').names).toEqual(['fort worth alliance afw', 'fort worth alliance', 'afw']);
    expect(nameKeys('Winston-Salem').names).toEqual(['winston salem']);
  });
});
