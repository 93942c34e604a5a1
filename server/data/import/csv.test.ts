import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvObjects } from './csv';

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields, escaped quotes, embedded commas and line breaks, CRLF and a BOM', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n1,,3\r\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '', '3'],
    ]);
  });

  it('keeps an empty last field and a last line without a line break', () => {
    expect(parseCsv('a,b\n1,')).toEqual([['a', 'b'], ['1', '']]);
  });

  it('reports malformed quoting with the line', () => {
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(/line 2: a quoted field is never closed/);
    expect(() => parseCsv('a,b\nx"y,1\n')).toThrow(/line 2: a quote inside an unquoted field/);
    expect(() => parseCsv('a,b\n"x"y,1\n')).toThrow(/text after a closing quote/);
  });

  it('maps records to the header and refuses ragged rows', () => {
    expect(parseCsvObjects('A,B\n1,2\n').records).toEqual([{ A: '1', B: '2' }]);
    expect(() => parseCsvObjects('A,B\n1,2,3\n')).toThrow(/record 1 has 3 fields, the header has 2/);
    expect(() => parseCsvObjects('')).toThrow(/no header/);
  });
});
