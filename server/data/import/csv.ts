/**
 * A small RFC 4180 CSV reader: quoted fields with "" escapes and embedded commas or line breaks,
 * CRLF or LF line ends, an optional UTF-8 byte-order mark. NASR's CSV distribution is plain RFC 4180,
 * so a reader this small is simpler to trust than a dependency.
 */

export class CsvError extends Error {
  override name = 'CsvError';
}

/** All records as arrays of strings. A trailing line break does not make an empty record. */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let fieldText = '';
  let inQuotes = false;
  let quotedField = false;
  let line = 1;
  let quoteLine = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (inQuotes) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          fieldText += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (c === '\n') line++;
        fieldText += c;
      }
      continue;
    }
    if (c === '"') {
      if (fieldText !== '' || quotedField) throw new CsvError(`line ${line}: a quote inside an unquoted field`);
      inQuotes = true;
      quotedField = true;
      quoteLine = line;
    } else if (c === ',') {
      row.push(fieldText);
      fieldText = '';
      quotedField = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(fieldText);
      rows.push(row);
      row = [];
      fieldText = '';
      quotedField = false;
      line++;
    } else {
      if (quotedField) throw new CsvError(`line ${line}: text after a closing quote`);
      fieldText += c;
    }
  }
  if (inQuotes) throw new CsvError(`line ${quoteLine}: a quoted field is never closed`);
  if (fieldText !== '' || quotedField || row.length > 0) {
    row.push(fieldText);
    rows.push(row);
  }
  return rows;
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
