/**
 * Map endpoints (spec 4.13 and the Vector Tile operation of 4.14, plus the glyphs and sprite the
 * styles reference). All public: a map loads them without a token.
 */
import { z } from 'zod';
import { ErrorSchema } from '../../contract/common';
import { route } from '../../http/route';
import { MapConfigSchema } from '../../contract/map-config';
import { glyphs, mapConfig, sprite, styleDocument, vectorTile } from './tiles.handlers';
import { StyleSchema } from './style.contract';

const err = (description: string) => ({ description, schema: ErrorSchema });
const tags = ['Vector tiles'];

/*
 * Hono names a parameter written "{y}.pbf" "y.pbf" and keeps the extension in its value, so these
 * schemas let unknown keys through and the handlers read the value with suffixedParam. The names
 * below are what the OpenAPI document shows.
 */
const TileParams = z.looseObject({
  source: z.string().describe('Tile source: basemap, airspace, or streets (when BASEMAP_PMTILES is set)'),
  z: z.string().describe('Zoom, an integer 0 to 22'),
  x: z.string().describe('Column, an integer 0 to 2^z - 1'),
  y: z.string().describe('Row, an integer 0 to 2^z - 1 (the path segment is {y}.pbf)').optional(),
});

const GlyphParams = z.looseObject({
  fontstack: z.string().max(200).describe('Comma-separated font names, e.g. "Open Sans Regular"; the first one served is used'),
  range: z.string().describe('A block of 256 code points, e.g. 0-255 (the path segment is {range}.pbf)').optional(),
});

export const tileRoutes = [
  route({
    method: 'get',
    path: '/styles',
    operationId: 'getMapConfig',
    summary: 'Map configuration: the styles, the basemap they draw, and a style URL the portal should draw under the airspace instead',
    tags,
    access: 'public',
    responses: { 200: { description: 'Map configuration', schema: MapConfigSchema } },
    handler: ({ deps }) => mapConfig(deps),
  }),
  route({
    method: 'get',
    path: '/styles/{style}/style.json',
    operationId: 'getStyle',
    summary: 'A map style: MapLibre style definition (version 8) with sources, glyphs and sprite on this service',
    description:
      'Styles: `light` and `dark`. URLs inside are absolute, built from the address of the request (X-Forwarded-Proto and X-Forwarded-Host honoured). The basemap is the street basemap when BASEMAP_PMTILES is set (unless `basemap=offline`), else the offline basemap; the airspace draws on top.',
    tags,
    access: 'public',
    params: z.object({ style: z.string().describe('Style name: light or dark') }),
    query: z.object({ basemap: z.enum(['offline', 'streets']).optional().describe('offline: the offline basemap even where a street basemap is served') }),
    invalidStatus: 400,
    responses: { 200: { description: 'The style (ETag; If-None-Match answers 304)', schema: StyleSchema }, 304: { description: 'Not modified: the ETag named in If-None-Match still holds' }, 400: err('Unknown basemap'), 404: err('No such style') },
    handler: ({ deps, c, params, query }) => styleDocument(deps, c, params.style, query.basemap),
  }),
  route({
    method: 'get',
    path: '/tiles/{source}/{z}/{x}/{y}.pbf',
    operationId: 'getVectorTile',
    summary: 'Vector Tile: one Mapbox Vector Tile of the basemap or of the current airspace dataset',
    description:
      'Gzip-encoded when Accept-Encoding allows. ETag from the data version and the tile; If-None-Match answers 304. An empty tile is 204 with no body. Airspace tiles follow the dataset (TFRs active at the time of the request).',
    tags,
    access: 'public',
    params: TileParams,
    invalidStatus: 400,
    responses: {
      200: { description: 'The tile', contentType: 'application/vnd.mapbox-vector-tile' },
      204: { description: 'Empty tile: nothing to draw here' },
      304: { description: 'Not modified (If-None-Match)' },
      400: err('z, x or y not an integer in range'),
      404: err('No such tile source'),
    },
    handler: ({ deps, c, params }) => vectorTile(deps, c, params),
  }),
  route({
    method: 'get',
    path: '/fonts/{fontstack}/{range}.pbf',
    operationId: 'getGlyphs',
    summary: 'Glyphs of the styles: one range of signed-distance-field glyphs (Open Sans)',
    tags,
    access: 'public',
    params: GlyphParams,
    invalidStatus: 400,
    responses: {
      200: { description: 'Glyph range (protobuf); ETag, If-None-Match answers 304', contentType: 'application/x-protobuf' },
      304: { description: 'Not modified' },
      400: err('Malformed font stack or range'),
      404: err('None of the fonts is served'),
    },
    handler: ({ c, params }) => glyphs(c, params.fontstack),
  }),
  route({
    method: 'get',
    path: '/sprites/{file}',
    operationId: 'getSprite',
    summary: 'Sprite of the styles: {name}.json (index) or {name}.png (sheet), and @2x variants',
    description: 'The styles reference the sprite `skyplan`: skyplan.json, skyplan.png, skyplan@2x.json, skyplan@2x.png. The index is application/json.',
    tags,
    access: 'public',
    params: z.object({ file: z.string().max(60).describe('skyplan.json, skyplan.png, skyplan@2x.json or skyplan@2x.png') }),
    invalidStatus: 400,
    responses: { 200: { description: 'Sprite sheet (PNG) or its index (JSON); ETag, If-None-Match answers 304', contentType: 'image/png' }, 304: { description: 'Not modified' }, 404: err('No such sprite file') },
    handler: ({ c, params }) => sprite(c, params.file),
  }),
];
