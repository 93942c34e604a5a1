/**
 * Examples for the OpenAPI document, drawn from the contract: an example given in a schema's metadata
 * (`.meta({ examples })`) wins, otherwise one is built deterministically from the schema's JSON Schema
 * (required fields only, the lowest allowed value, dates on the day after the document is built). A route may give its own where the
 * rules of its schema go beyond what JSON Schema says. test/openapi-examples.test.ts parses every example
 * with its zod schema, so none can drift from the contract.
 */
import { z } from 'zod';
import type { RouteSpec } from './route';

type Json = Record<string, unknown>;

/** Fixed values: the document is the same on every request and every machine. */
const FIXED: Record<string, unknown> = {
  'date-time': '2026-06-01T15:00:00Z',
  date: '2026-06-01',
  time: '15:00:00',
  uuid: '3f1c6a52-8d2e-4b7a-9a43-2f6c1e5b7d90',
  email: 'pilot@cascade.example',
  uri: 'https://integrator.example/skyplan/callbacks',
  url: 'https://integrator.example/skyplan/callbacks',
};

/**
 * A small area by Seattle-Tacoma, in facility-map cells LAANC serves (no 0 ft cell, whose part of a
 * flight LAANC cannot take: then the whole flight goes through DroneZone): the sandbox answers
 * something worth reading for it, so "Try it" shows a real briefing, and 200 ft there needs further
 * coordination (the same place as e2e/ops-driver.ts PLACES.furtherCoordination).
 */
const RING = [[-122.397, 47.452], [-122.387, 47.452], [-122.387, 47.46], [-122.397, 47.46], [-122.397, 47.452]];
const GEOMETRY: Record<string, unknown> = {
  Polygon: { type: 'Polygon', coordinates: [RING] },
  MultiPolygon: { type: 'MultiPolygon', coordinates: [[RING]] },
  LineString: { type: 'LineString', coordinates: [[-122.397, 47.452], [-122.387, 47.46]] },
  Point: { type: 'Point', coordinates: [-122.392, 47.456] },
};

/**
 * Values by field name, where the schema's rule is a refinement JSON Schema cannot state (a zone name
 * from the runtime's list, a phone pattern, end after start). One table: the names are the contract's.
 */
const BY_NAME: Record<string, unknown> = {
  startTime: '2026-06-01T15:00:00Z',
  // A measured position: sent now (positions more than 300 s ahead of the service's clock are refused).
  time: '2000-01-01T00:00:00Z',
  endTime: '2026-06-01T16:00:00Z',
  timezone: 'America/Los_Angeles',
  timezoneName: 'America/Los_Angeles',
  operationTimezone: 'America/Los_Angeles',
  phoneNumber: '+1 206 555 0134',
  part107Certificate: '4012345',
  registrations: ['FA3XK7PM9T'],
  layers: ['tfr'],
  code: 'tfr',
  name: 'Boeing Field roof survey',
  operationName: 'Boeing Field roof survey',
  callbackUrl: 'https://integrator.example/skyplan/callbacks',
  // An invite link's secret: 43 base64url characters (32 random bytes).
  token: 'Zm9yLWV4YW1wbGUtb25seS1ub3QtYS1yZWFsLWxpbms',
  // The sandbox's demo pilot and API client (README): "Try it" signs in and gets a token as given.
  password: 'demo-pilot',
  client_id: 'sandbox-client',
  client_secret: 'sandbox-secret',
  // Query and path parameters: the Boeing Field box, a place, a real style, tile, font and sprite.
  bbox: '-122.397,47.452,-122.387,47.46',
  q: 'Boeing Field',
  style: 'light',
  source: 'airspace',
  z: '10',
  x: '164',
  y: '357',
  fontstack: 'Open Sans Regular',
  range: '0-255',
  file: 'skyplan.json',
};
/** By Boeing Field, on the ground (not the South Pole, latitude -90, or Null Island). */
const NUMBER_BY_NAME: Record<string, number> = { maxAltitude: 200, minAltitude: 0, altitude: 200, duration: 60, latitude: 47.456, longitude: -122.392 };
/** A list of [longitude, latitude] positions (the v1 elevation request). */
const POSITIONS = [[-122.305, 47.535]];

function byName(node: Json, name: string | undefined): unknown {
  if (!name) return undefined;
  const type = Array.isArray(node.type) ? (node.type as string[]).find((t) => t !== 'null') : node.type;
  if (name in NUMBER_BY_NAME && (type === 'number' || type === 'integer')) {
    const v = NUMBER_BY_NAME[name]!;
    const inRange = (node.minimum === undefined || v >= Number(node.minimum)) && (node.maximum === undefined || v <= Number(node.maximum));
    return inRange ? v : undefined;
  }
  const v = BY_NAME[name];
  if (v === undefined) return undefined;
  if (Array.isArray(v) && type === 'array' && (node.items as Json | undefined)?.type === 'string') return v;
  if (typeof v === 'string' && type === 'string') return v;
  // Otherwise (layers: [{ code }] in one schema, ['tfr'] in another) build it; its fields come by name.
  return undefined;
}

function build(node: Json, defs: Record<string, Json>, depth: number, name?: string): unknown {
  if (depth > 40) return null;
  if (typeof node.$ref === 'string') {
    const target = defs[node.$ref.replace(/^#\/\$defs\//, '')];
    return target ? build({ ...target, ...withoutRef(node) }, defs, depth + 1, name) : null;
  }
  if (Array.isArray(node.examples) && node.examples.length) return node.examples[0];
  if ('example' in node) return node.example;
  if ('const' in node) return node.const;
  if ('default' in node) return node.default;
  const named = byName(node, name);
  if (named !== undefined) return named;
  if (name === 'coordinates' && node.type === 'array') return POSITIONS;
  const geometry = ((node.properties as Record<string, Json> | undefined)?.type as Json | undefined)?.const;
  if (typeof geometry === 'string' && geometry in GEOMETRY) return GEOMETRY[geometry];
  if (Array.isArray(node.enum) && node.enum.length) return node.enum[0];
  const branches = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (branches?.length) return build(branches.find((b) => b.type !== 'null') ?? branches[0]!, defs, depth + 1, name);
  if (Array.isArray(node.allOf)) {
    return Object.assign({}, ...(node.allOf as Json[]).map((b) => build(b, defs, depth + 1) as object));
  }
  const type = Array.isArray(node.type) ? (node.type as string[]).find((t) => t !== 'null') : node.type;
  switch (type) {
    case 'object': {
      const props = (node.properties ?? {}) as Record<string, Json>;
      const required = new Set((node.required ?? []) as string[]);
      const out: Json = {};
      for (const [k, v] of Object.entries(props)) {
        // Optional fields only when their schema carries an example: the rest would be noise.
        if (required.has(k) || (Array.isArray(v.examples) && v.examples.length)) out[k] = build(v, defs, depth + 1, k);
      }
      return out;
    }
    case 'array': {
      const min = Math.max(1, Number(node.minItems ?? 0));
      const n = node.maxItems !== undefined ? Math.min(min, Number(node.maxItems)) : min;
      if (Array.isArray(node.prefixItems)) return (node.prefixItems as Json[]).map((p) => build(p, defs, depth + 1));
      return Array.from({ length: n }, () => build((node.items ?? {}) as Json, defs, depth + 1));
    }
    case 'string': {
      const fixed = typeof node.format === 'string' ? FIXED[node.format] : undefined;
      if (fixed !== undefined) return fixed;
      const min = Number(node.minLength ?? 0);
      const max = node.maxLength === undefined ? Infinity : Number(node.maxLength);
      return 'example'.padEnd(min, 'x').slice(0, max);
    }
    case 'integer':
    case 'number': {
      const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? Number(node.exclusiveMinimum) + 1 : undefined);
      const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? Number(node.exclusiveMaximum) - 1 : undefined);
      if (min !== undefined) return Number(min);
      if (max !== undefined && Number(max) < 0) return Number(max);
      return 0;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

function withoutRef(node: Json): Json {
  const { $ref: _ref, ...rest } = node;
  return rest;
}

/** A deterministic example of a schema: its own example if it has one, else built from its JSON Schema. */
export function exampleOf(schema: z.ZodType, io: 'input' | 'output'): unknown {
  const js = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return build(js, (js.$defs ?? {}) as Record<string, Json>, 0);
}

/** The first 2xx response with a JSON schema: the one an example is given for. */
export function successResponse(r: RouteSpec): { status: string; schema: z.ZodType } | null {
  for (const [status, res] of Object.entries(r.responses)) {
    if (Number(status) >= 200 && Number(status) < 300 && res.schema && !res.contentType) return { status, schema: res.schema };
  }
  return null;
}

/** An example of one path or query parameter (its JSON Schema), by its name where the contract's rules need it. */
export function parameterExample(schema: Json, name: string): unknown {
  const v = build(schema, {}, 0, name);
  return v === null || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0) ? undefined : v;
}

/** The fixed times of the examples: a flight tomorrow (UTC) from 15:00 to 16:00. */
const FIXED_DAY = '2026-06-01';
/** The fixed time of a measurement (a position): the minute the document is built. */
const FIXED_NOW = '2000-01-01T00:00:00Z';

/**
 * An example with its fixed dates moved to the day after `now`, so an operation or a briefing given as
 * the example is in the future when it is sent (the spec refuses operations that start in the past).
 */
export function relativeDates<T>(example: T, now: Date): T {
  if (example === undefined) return example;
  const day = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString().replace('.000Z', 'Z');
  return JSON.parse(JSON.stringify(example).replaceAll(FIXED_DAY, day).replaceAll(FIXED_NOW, minute)) as T;
}

/** The route's request example: its own, or one from its body schema. */
export function requestExample(r: RouteSpec): unknown {
  if (!r.body) return undefined;
  return r.examples?.request ?? exampleOf(r.body, 'input');
}

/** The route's success response example: its own, or one from the response schema. */
export function responseExample(r: RouteSpec): unknown {
  const ok = successResponse(r);
  if (!ok) return undefined;
  return r.examples?.response ?? exampleOf(ok.schema, 'output');
}
