/**
 * Shared pieces of the FAA importers: the error type, the parser contract, tolerant field access
 * and small value helpers. No I/O here.
 */
import { createHash } from 'node:crypto';
import type { AirspaceFeature, DatasetSource, Layer } from '../model';

/** A file (or feed) the importer cannot use, with the reason in words a data operator understands. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'ImportError';
  }
}

export interface ParseOptions {
  /** Name used in messages and in the source id (a file name or a feed name). */
  fileName: string;
  /** When the data was read or fetched (RFC 3339): the age of the data is measured from here. */
  retrievedAt: string;
  /** Skip layer detection (GeoJSON layers) or force the FRZ/SFRA/TFR classification (TFR XML). */
  layer?: Layer;
  sourceId?: string;
  url?: string;
  /** National-security restrictions: whether the file holds the part-time list. */
  partTime?: boolean;
}

export interface ParseResult {
  /** The layer the file was read as (GeoJSON layers); formats that yield several layers leave it out. */
  layer?: Layer;
  features: AirspaceFeature[];
  source: DatasetSource;
  /** Things that were skipped or guessed, summarized (never one line per feature). */
  warnings: string[];
}

/** FAA data is a public-domain US Government work (17 U.S.C. 105). */
export const FAA_LICENCE = 'Public domain (US Government work, 17 U.S.C. 105)';

export type Props = Record<string, unknown>;

/** Case-insensitive property access: ArcGIS services and Hub exports disagree on field-name case. */
export function field(props: Props, ...names: string[]): unknown {
  for (const name of names) {
    if (name in props) return props[name];
  }
  const lower = new Map(Object.keys(props).map((k) => [k.toLowerCase(), k]));
  for (const name of names) {
    const key = lower.get(name.toLowerCase());
    if (key !== undefined) return props[key];
  }
  return undefined;
}

/** A trimmed non-empty string, or undefined (null, '', whitespace and non-scalars all count as absent). */
export function str(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

/** A finite number from a number or numeric string ("3000", " 400 "), or undefined. */
export function num(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  const s = str(v);
  if (s === undefined || !/^[-+]?\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
}

export function fstr(props: Props, ...names: string[]): string | undefined {
  return str(field(props, ...names));
}

export function fnum(props: Props, ...names: string[]): number | undefined {
  return num(field(props, ...names));
}

/** Keeps only scalar values, the shape AirspaceFeature.props allows. */
export function scalarProps(entries: Record<string, unknown>): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(entries)) {
    if (v === undefined) continue;
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) out[k] = v;
  }
  return out;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function slug(text: string): string {
  return text.replace(/\.[A-Za-z0-9]+$/, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'file';
}

/** "10/30/2025" (ArcGIS M/D/YYYY) or "2025/09/04" (NASR) to "2025-10-30"; undefined when not a real date. */
export function isoDate(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (match) [y, m, d] = [Number(match[3]), Number(match[1]), Number(match[2])];
  else if ((match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})/.exec(s))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

/** Appends ":2", ":3"... to repeated ids so every id stays unique within a file. */
export function uniqueIds(features: AirspaceFeature[]): void {
  const seen = new Map<string, number>();
  for (const f of features) {
    const n = (seen.get(f.id) ?? 0) + 1;
    seen.set(f.id, n);
    if (n > 1) f.id = `${f.id}:${n}`;
  }
}

/** "1 feature" / "3 features". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Feet with thousands separators, for sentences ("2,500 ft MSL"). */
export function feet(v: number): string {
  return Math.round(v).toLocaleString('en-US');
}
