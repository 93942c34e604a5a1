/**
 * fast-check arbitraries from the service's own /openapi.json: schema-valid values (so requests get
 * past validation into handlers and the store) mixed with hostile ones (NUL bytes, lone surrogates,
 * huge numbers, wrong types, deep nesting), at the top and inside every field.
 */
import fc from 'fast-check';

export type JsonSchema = { [k: string]: unknown };
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
export interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

const MAX_DEPTH = 7;

/** Strings and numbers that have broken services before. None contains a database error phrase. */
export const HOSTILE_STRINGS = [
  '\u0000', 'a\u0000b', '%00', '\ud800', 'x\udfffy', '\u202e\u0041\u202c', '\u200b\u200d\ufeff', 'e\u0301\u0301\u0301', '💥'.repeat(64),
  'x'.repeat(10_001), '../../../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', "' OR '1'='1", '"; DROP TABLE operations; --', '$1', '${jndi:ldap://x}',
  '<script>alert(1)</script>', 'NaN', 'Infinity', '-0', '1e309', '0x10', '', ' ', '\t\n\r', 'null', 'true', '[]', '{}', '__proto__', 'constructor',
];
export const HOSTILE_NUMBERS = [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 2 ** 31, -(2 ** 31) - 1, 2 ** 64, 5e-324, -0, 0.1, 1.5, -1];

function nest(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Any JSON-ish value a client should not send. */
/** Any JSON-ish value a client should not send; strings first, as they travel furthest. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((x) => `${x}\u0000`), weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': null }), weight: 1 },
  { arbitrary: fc.integer({ min: 20, max: 1500 }).map(nest), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** Small closed rings in the continental US, from a few metres to about a degree wide. */
const ring = fc
  .record({ x: fc.double({ min: -124, max: -70, noNaN: true }), y: fc.double({ min: 25, max: 49, noNaN: true }), size: fc.constantFrom(1e-4, 1e-3, 5e-3, 0.02, 0.3, 1) })
  .map(({ x, y, size }) => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]);
const polygon = ring.map((r) => ({ type: 'Polygon', coordinates: [r] }));
const lineString = ring.map((r) => ({ type: 'LineString', coordinates: r.slice(0, 3) }));
const point = ring.map((r) => ({ type: 'Point', coordinates: r[0] }));

function geometryFor(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  const t = props?.type;
  const kind = (t?.const ?? (Array.isArray(t?.enum) && t.enum.length === 1 ? t.enum[0] : undefined)) as string | undefined;
  if (!props?.coordinates || !kind) return null;
  if (kind === 'Polygon') return polygon;
  if (kind === 'LineString') return lineString;
  if (kind === 'Point') return point;
  return null;
}

const soon = fc.integer({ min: 1, max: 60 * 24 * 30 }).map((m) => new Date(Date.now() + m * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'));

/**
 * Values for fields whose schema is looser than their rules (a zone name is a string, a time is any
 * date-time), so that generated bodies often pass validation and reach handlers and the store.
 */
const FIELD_HINTS: Record<string, fc.Arbitrary<unknown>> = {
  timezone: fc.constantFrom('America/Los_Angeles', 'America/New_York', 'UTC', 'Pacific/Honolulu'),
  timezoneName: fc.constantFrom('America/Los_Angeles', 'America/New_York', 'UTC', 'Pacific/Honolulu'),
  startTime: soon,
  endTime: soon.map((s) => new Date(Date.parse(s) + 3_600_000 * 24 * 31).toISOString()),
  // Literal addresses only: a name would wait for DNS, which this machine may not have.
  callbackUrl: fc.constantFrom('http://127.0.0.1:9/cb?apiKey=k', 'http://[::ffff:7f00:1]/x', 'http://[::ffff:0:a00:1]/', 'http://10.0.0.1/', null),
  // Absent (undefined is dropped by JSON) rather than a random id that is nobody's.
  pilotId: fc.constant(undefined),
  minAltitude: fc.integer({ min: 0, max: 50 }),
  maxAltitude: fc.integer({ min: 50, max: 400 }),
};

export class SchemaArbitraries {
  constructor(private readonly doc: OpenApiDoc) {}

  private resolve(s: JsonSchema): JsonSchema {
    let cur = s;
    for (let i = 0; i < 10 && typeof cur.$ref === 'string'; i++) {
      const name = (cur.$ref as string).replace('#/components/schemas/', '');
      cur = this.doc.components?.schemas?.[name] ?? {};
    }
    return cur;
  }

  /**
   * At the top: an entirely valid value, a valid value with exactly one leaf made hostile (so the rest
   * passes validation and the hostile value reaches the handler and the store), or hostile values
   * sprinkled anywhere.
   */
  mixed(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
    const tainted = fc.oneof({ arbitrary: this.valid(schema, depth, true), weight: 20 }, { arbitrary: hostileValue, weight: 1 });
    if (depth > 0) return tainted;
    const oneLeaf = fc.tuple(this.valid(schema, depth), fc.nat(), hostileValue).map(([v, i, h]) => replaceLeaf(v, i, h));
    return fc.oneof({ arbitrary: this.valid(schema, depth), weight: 2 }, { arbitrary: oneLeaf, weight: 3 }, { arbitrary: tainted, weight: 1 });
  }

  /** Schema-valid values (as far as the schema says); `taint` lets hostile values into nested fields. */
  valid(schema: JsonSchema | undefined, depth = 0, taint = false): fc.Arbitrary<unknown> {
    if (!schema || depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 1 });
    const s = this.resolve(schema);
    const geometry = geometryFor(s);
    if (geometry) return geometry;
    if ('const' in s) return fc.constant(s.const);
    if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
    for (const key of ['anyOf', 'oneOf'] as const) {
      const alts = s[key] as JsonSchema[] | undefined;
      if (alts?.length) return fc.oneof(...alts.map((a) => this.valid(a, depth + 1, taint)));
    }
    if (Array.isArray(s.allOf) && s.allOf.length) return this.valid(s.allOf[0] as JsonSchema, depth + 1, taint);
    const type = s.type;
    if (Array.isArray(type)) return fc.oneof(...type.map((t) => this.valid({ ...s, type: t }, depth, taint)));
    switch (type) {
      case 'string':
        return this.string(s);
      case 'integer':
        return fc.integer({ min: Math.max(num(s.minimum, -1e6), num(s.exclusiveMinimum, -1e6 - 1) + 1), max: Math.min(num(s.maximum, 1e6), num(s.exclusiveMaximum, 1e6 + 1) - 1) });
      case 'number':
        return fc.double({ min: Math.max(num(s.minimum, -1e6), num(s.exclusiveMinimum, -1e6)), max: Math.min(num(s.maximum, 1e6), num(s.exclusiveMaximum, 1e6)), noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(this.field(s.items as JsonSchema | undefined, depth + 1, taint), { minLength: num(s.minItems, 0), maxLength: Math.max(num(s.minItems, 0), Math.min(num(s.maxItems, 4), 4)) });
      case 'object':
      default:
        return this.object(s, depth, taint);
    }
  }

  private field(schema: JsonSchema | undefined, depth: number, taint: boolean): fc.Arbitrary<unknown> {
    return taint ? this.mixed(schema, depth) : this.valid(schema, depth);
  }

  private object(s: JsonSchema, depth: number, taint: boolean): fc.Arbitrary<unknown> {
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    const keys = Object.keys(props);
    if (!keys.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    const required = ((s.required as string[] | undefined) ?? []).filter((k) => k in props);
    const model = Object.fromEntries(keys.map((k) => [k, FIELD_HINTS[k] && !taint ? FIELD_HINTS[k] : FIELD_HINTS[k] ? fc.oneof(FIELD_HINTS[k], this.field(props[k], depth + 1, taint)) : this.field(props[k], depth + 1, taint)]));
    return fc.record(model, { requiredKeys: required });
  }

  private string(s: JsonSchema): fc.Arbitrary<string> {
    const minLength = num(s.minLength, 0);
    const maxLength = Math.max(minLength, Math.min(num(s.maxLength, 40), 40));
    if (s.format === 'date-time') return fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    if (s.format === 'uuid') return fc.uuid();
    if (s.format === 'uri') return fc.webUrl();
    if (typeof s.pattern === 'string') {
      try {
        return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= num(s.maxLength, 10_000));
      } catch {
        // A pattern JavaScript cannot compile: plain strings instead.
      }
    }
    return fc.string({ minLength, maxLength });
  }
}

/** A copy of `v` with its (i mod n)-th leaf (string, number, boolean, null) replaced by `h`. */
export function replaceLeaf(v: unknown, i: number, h: unknown): unknown {
  const paths: Array<Array<string | number>> = [];
  const walk = (x: unknown, path: Array<string | number>) => {
    if (x !== null && typeof x === 'object') {
      for (const [k, y] of Object.entries(x)) walk(y, [...path, Array.isArray(x) ? Number(k) : k]);
    } else paths.push(path);
  };
  walk(v, []);
  const target = paths[i % Math.max(1, paths.length)];
  if (!target || target.length === 0) return h;
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let cur = copy;
  for (const k of target.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  cur[target[target.length - 1]!] = h;
  return copy;
}

function num(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}
