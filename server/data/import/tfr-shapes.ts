/**
 * TFR area geometry from tfr.faa.gov detail XML (an AIXM 4.5-derived "XNOTAM-Update").
 * An area group carries the FAA's own merged outline (abdMergedArea) and the shapes it was built
 * from (aseShapes, combined by Aac operations). The merged outline is used when present: both real
 * samples have one (the FRZ: 72 GRC vertices; the SFRA: 73 GRC vertices approximating its 30 NM
 * circle). Otherwise the shapes are combined: BASE/UNION shapes are kept side by side as a
 * MultiPolygon, SUBTR shapes are cut out with turf.
 * Vertex types (AIXM Avx codeType): GRC great circle and RHL rhumb line (straight segments here,
 * short enough to not matter), CWA/CCA clockwise/counter-clockwise arcs, CIR a whole circle.
 */
import { difference, featureCollection, polygon as turfPolygon } from '@turf/turf';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { METERS_PER_FOOT, METERS_PER_NM, METERS_PER_STATUTE_MILE } from '../../contract/units';
import { num, str } from './common';
import { GeometryError, arcVertices, circlePolygon, closeRing, parseCoordinate } from './geometry';

export type XmlNode = Record<string, unknown>;

export function arr(v: unknown): XmlNode[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is XmlNode => typeof x === 'object' && x !== null);
}

export function text(node: unknown, ...path: string[]): string | undefined {
  let cur: unknown = node;
  for (const key of path) {
    if (Array.isArray(cur)) cur = cur[0];
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as XmlNode)[key];
  }
  if (Array.isArray(cur)) cur = cur[0];
  if (typeof cur === 'object' && cur !== null && '#text' in cur) cur = (cur as XmlNode)['#text'];
  return str(cur);
}

const TO_NM: Record<string, number> = { NM: 1, KM: 1000 / METERS_PER_NM, M: 1 / METERS_PER_NM, FT: METERS_PER_FOOT / METERS_PER_NM, MI: METERS_PER_STATUTE_MILE / METERS_PER_NM };

function radiusNm(avx: XmlNode, where: string): number {
  const v = num(text(avx, 'valRadiusArc'));
  const unit = (text(avx, 'uomRadiusArc') ?? 'NM').toUpperCase();
  const factor = TO_NM[unit];
  if (v === undefined || factor === undefined) throw new GeometryError(`${where}: radius ${text(avx, 'valRadiusArc') ?? '(none)'} ${unit} cannot be read`);
  return v * factor;
}

function vertex(avx: XmlNode, where: string, latKey = 'geoLat', lonKey = 'geoLong'): [number, number] {
  try {
    return [parseCoordinate(text(avx, lonKey), 'lon'), parseCoordinate(text(avx, latKey), 'lat')];
  } catch (e) {
    throw new GeometryError(`${where}: ${(e as Error).message}`);
  }
}

/** One boundary (an Abd or abdMergedArea Avx list) as a polygon. */
export function boundaryPolygon(avxList: XmlNode[], where: string): Polygon {
  if (avxList.length === 0) throw new GeometryError(`${where} has no vertices`);
  const first = avxList[0]!;
  if (avxList.length === 1 && text(first, 'codeType')?.toUpperCase() === 'CIR') {
    return circlePolygon(vertex(first, `${where} circle centre`), radiusNm(first, `${where} circle`));
  }
  const pts: Position[] = [];
  avxList.forEach((avx, i) => {
    const type = text(avx, 'codeType')?.toUpperCase() ?? 'GRC';
    const here = `${where} vertex ${i + 1}`;
    const p = vertex(avx, here);
    pts.push(p);
    if (type === 'CWA' || type === 'CCA') {
      const next = avxList[(i + 1) % avxList.length]!;
      const centre = vertex(avx, `${here} arc centre`, 'geoLatArc', 'geoLongArc');
      pts.push(...arcVertices(centre, p, vertex(next, `${here} arc end`), type === 'CWA'));
    } else if (type === 'CIR') {
      throw new GeometryError(`${here}: a circle mixed with other vertices is not a boundary this importer understands`);
    } else if (!['GRC', 'RHL', 'FNT', 'END'].includes(type)) {
      throw new GeometryError(`${here}: vertex type ${type} is not supported`);
    }
  });
  return { type: 'Polygon', coordinates: [closeRing(pts, where)] };
}

/** The geometry of one TFRAreaGroup, and which part of the file it came from. */
export function areaGroupGeometry(group: XmlNode, where: string): { geometry: Polygon | MultiPolygon; from: 'merged' | 'shapes' } {
  const merged = arr(group.abdMergedArea)[0];
  const mergedAvx = merged ? arr(merged.Avx) : [];
  if (mergedAvx.length > 0) return { geometry: boundaryPolygon(mergedAvx, `${where} merged area`), from: 'merged' };
  const ops = new Map<string, string>();
  for (const aac of arr(group.Aac)) {
    const parent = text(aac, 'AacUid', 'AseUidPar', 'codeId');
    if (parent) ops.set(parent, (text(aac, 'codeOpr') ?? 'BASE').toUpperCase());
  }
  const keep: Polygon[] = [];
  const cut: Polygon[] = [];
  arr(group.aseShapes).forEach((shape, i) => {
    const id = text(shape, 'AseUid', 'codeId');
    const op = (id && ops.get(id)) || 'BASE';
    for (const abd of arr(shape.Abd)) {
      const poly = boundaryPolygon(arr(abd.Avx), `${where} shape ${id ?? i + 1}`);
      if (op === 'SUBTR') cut.push(poly);
      else if (op === 'BASE' || op === 'UNION') keep.push(poly);
      else throw new GeometryError(`${where} shape ${id ?? i + 1}: shape operation ${op} is not supported`);
    }
  });
  if (keep.length === 0) throw new GeometryError(`${where} has neither a merged area nor a shape to build one from`);
  let parts: Position[][][] = keep.map((p) => p.coordinates);
  for (const hole of cut) {
    parts = parts.flatMap((coords) => {
      const d = difference(featureCollection([turfPolygon(coords), turfPolygon(hole.coordinates)]));
      if (!d) return [];
      return d.geometry.type === 'Polygon' ? [d.geometry.coordinates] : d.geometry.coordinates;
    });
  }
  if (parts.length === 0) throw new GeometryError(`${where}: subtracting its shapes leaves nothing`);
  return {
    geometry: parts.length === 1 ? { type: 'Polygon', coordinates: parts[0]! } : { type: 'MultiPolygon', coordinates: parts },
    from: 'shapes',
  };
}
