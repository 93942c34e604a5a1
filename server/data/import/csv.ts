/**
 * CSV of the FAA's files (NASR's CSV distribution is plain RFC 4180): quoted fields with "" escapes and
 * embedded commas or line breaks, CRLF, LF or CR line ends, an optional UTF-8 byte-order mark. Read by
 * csv-parse (docs/libraries.md); this module keeps the project's error type and messages, with the line.
 */
import { CsvError as ParseError, parse } from 'csv-parse/sync';

export class CsvError extends Error {
  override name = 'CsvError';
}

/** What each of csv-parse's quoting errors means in the words the import reports use. */
const MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted field',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote',
};

/** All records as arrays of strings (rows may differ in length). A trailing line break does not make an empty record. */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true }) as string[][];
  } catch (e) {
    if (e instanceof ParseError) {
      const line = (e as ParseError & { lines?: number }).lines;
      throw new CsvError(`line ${line ?? '?'}: ${MESSAGES[e.code] ?? e.message}`);
    }
    throw e;
  }
}

/** Records as objects keyed by the header row; every record must have as many fields as the header. */
export function parseCsvObjects(text: string): { header: string[]; records: Array<Record<string, string>> } {
  const rows = parseCsv(text);
  const header = rows.shift();
  if (!header || header.length === 0 || header.every((h) => h.trim() === '')) throw new CsvError('no header row');
  const names = header.map((h) => h.trim());
  const records = rows
    .filter((r) => !(r.length === 1 && r[0] === ''))
    .map((r, i) => {
      if (r.length !== names.length) throw new CsvError(`record ${i + 1} has ${r.length} fields, the header has ${names.length}`);
      return Object.fromEntries(names.map((n, j) => [n, r[j]!]));
    });
  return { header: names, records };
}
