import { z } from 'zod';
import { RISK_CODE } from './risk-constants.js';
import * as RK from './risk.js';

import { API_ENDPOINTS as E } from './endpoints.js';
import { codes, type ApiDef } from './api-def.js';

/** Crop risk products (docs/risk.md#calls): everything on page make-risk. */
const RISK = codes(RISK_CODE);

/** Crop risk products: hazards, runs and products of page make-risk (docs/risk.md#calls). */
export const RISK_API = {
  // ---- crop risk products (docs/risk.md#calls): hazards, runs and products of page make-risk ----
  riskHazardAll: {
    ...E.riskHazardAll,
    access: RISK,
    summary: "Hazard definitions of the caller's customer (the defaults are seeded on first use)",
    data: z.array(RK.Hazard),
  },
  riskHazardAdd: {
    ...E.riskHazardAdd,
    access: RISK,
    summary: 'Add a hazard: conditions on forecast elements with thresholds per level IV…I (4100 naming the field)',
    body: RK.HazardCreate,
    data: RK.Hazard,
  },
  riskHazardUpdate: {
    ...E.riskHazardUpdate,
    access: RISK,
    summary: 'Edit a hazard (optimistic version); products keep the definition they were made with',
    body: RK.HazardUpdate,
    data: RK.Hazard,
  },
  riskHazardDelete: { ...E.riskHazardDelete, access: RISK, summary: 'Delete a hazard', body: RK.HazardDelete, data: z.null() },
  riskExposures: {
    ...E.riskExposures,
    access: RISK,
    summary: 'Finished zoning products of the customer a risk run may weigh its exposure by',
    data: z.array(RK.RiskExposureOption),
  },
  riskCrops: {
    ...E.riskCrops,
    access: RISK,
    summary: 'Crops of the customer a risk run may assess through their calendar (cropId)',
    data: z.array(RK.RiskCropOption),
  },
  riskExecute: {
    ...E.riskExecute,
    access: RISK,
    summary: 'Apply a hazard to a forecast run over a lead range and a region, optionally weighted by a zoning, as a job',
    body: RK.RiskExecuteBody,
    data: RK.RiskExecuteResult,
  },
  riskRunning: { ...E.riskRunning, access: RISK, summary: 'Risk products queued or running, with progress', data: z.array(RK.RiskRunning) },
  riskProduct: {
    ...E.riskProduct,
    access: RISK,
    summary: 'One risk product: status, areas per level per county, summaries, WMS layer',
    query: RK.RiskProductIdQuery,
    data: RK.RiskProduct,
  },
  riskProductPage: {
    ...E.riskProductPage,
    access: RISK,
    summary: 'Risk products, newest first',
    query: RK.RiskProductPageQuery,
    data: RK.RiskProductPage,
  },
  riskDelete: {
    ...E.riskDelete,
    access: RISK,
    summary: 'Delete a risk product and its files (4009 while queued or running)',
    body: RK.RiskProductIdBody,
    data: z.null(),
  },
} as const satisfies Record<string, ApiDef>;
