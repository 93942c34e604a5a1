import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellFacilities } from './facility-map';
import { foldSpace } from './notice';
import type { AirspaceFeature } from '../../data/model';

describe('foldSpace', () => {
  it("is replace(/\\s+/g, ' ').trim() on any text", () => {
    // Texts made mostly of spaces and other whitespace, where the two could part.
    const piece = fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2009', '\ufeff', '\u3000', 'a', 'Class D', '.', '');
    const text = fc.oneof(fc.string(), fc.array(piece, { maxLength: 12 }).map((p) => p.join('')));
    fc.assert(
      fc.property(text, (t) => {
        expect(foldSpace(t)).toBe(t.replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 20_000 },
    );
  });

  it('leaves a folded text as it is, and folds the others', () => {
    expect(foldSpace('Class D airspace. It extends from the surface.')).toBe('Class D airspace. It extends from the surface.');
    expect(foldSpace(' Class  D\tairspace.\n')).toBe('Class D airspace.');
  });
});

describe('cellFacilities', () => {
  const cell = (airports?: string) => ({ id: 'c', layer: 'uasfm', name: 'c', facility: 'BFI', sourceId: 's', geometry: { type: 'Point', coordinates: [0, 0] }, ...(airports ? { props: { airports } } : {}) }) as unknown as AirspaceFeature;

  it("lists the cell's facility first, then the others it names, each once, the same list every time", () => {
    const f = cell('SEA; BFI,RNT  PAE');
    expect(cellFacilities(f)).toEqual(['BFI', 'SEA', 'RNT', 'PAE']);
    expect(cellFacilities(f)).toBe(cellFacilities(f));
    expect(Object.isFrozen(cellFacilities(f))).toBe(true);
    expect(cellFacilities(cell())).toEqual(['BFI']);
  });
});
