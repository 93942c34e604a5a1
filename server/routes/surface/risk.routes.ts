/**
 * Risk routes of endpoints.md (Get Hazard, Get Hazard Ground Risk, Classify Risk), all on the
 * interface's hazar:read scope (hazard:read accepted too). SORA 2.5 based; docs/ground-risk.md.
 */
import {
  GroundRiskRequestSchema,
  GroundRiskResponseSchema,
  HazardRequestSchema,
  HazardResponseSchema,
  RiskClassifyRequestSchema,
  RiskClassifyResponseSchema,
} from '../../contract/surface';
import { route } from '../../http/route';
import { HAZARD_SCOPES, surfaceErrors as errors } from './responses';
import { groundRiskHandler, hazardHandler, requireJson, riskClassifyHandler } from './surface.handlers';

export const riskRoutes = [
  route({
    method: 'post',
    path: '/v2/hazard',
    operationId: 'getHazard',
    summary: 'Get hazard: the ground risk summary of an area and the airspace layers present over it',
    tags: ['Risk'],
    access: HAZARD_SCOPES,
    body: HazardRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Hazards', schema: HazardResponseSchema }, ...errors },
    handler: ({ body, c, deps }) => {
      requireJson(c);
      return hazardHandler(deps.datasets.current(), body);
    },
  }),
  route({
    method: 'post',
    path: '/v2/hazard/groundRisk',
    operationId: 'getHazardGroundRisk',
    summary: 'Get hazard ground risk: SORA 2.5 intrinsic ground risk class per H3 cell and for the area',
    description: 'The area takes its densest cell (SORA: the highest density in the footprint). Without `uav` the first column (1 m, 25 m/s) is assumed.',
    tags: ['Risk'],
    access: HAZARD_SCOPES,
    body: GroundRiskRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Ground risk', schema: GroundRiskResponseSchema }, ...errors },
    handler: ({ body, c }) => {
      requireJson(c);
      return groundRiskHandler(body);
    },
  }),
  route({
    method: 'post',
    path: '/v2/risk/classify',
    operationId: 'classifyRisk',
    summary: 'Classify risk: intrinsic ground risk class, initial air risk class and SAIL (SORA 2.5, no mitigations)',
    tags: ['Risk'],
    access: HAZARD_SCOPES,
    body: RiskClassifyRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Risk classes', schema: RiskClassifyResponseSchema }, ...errors },
    handler: ({ body, c, deps }) => {
      requireJson(c);
      return riskClassifyHandler(deps.datasets.current(), body);
    },
  }),
];
