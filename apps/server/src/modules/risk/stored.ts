import { CalendarStage, HazardCondition, HazardStage, RiskProduct, RiskStats } from '@agromet/contracts';
import { z } from 'zod';
import { parseStoredJson, parseStoredJsonOrNull } from '../../core/stored-json.js';

// The JSON columns of hazards and risk products, read through the contract's shapes (a bad row is an error naming it).

const Conditions = z.array(HazardCondition);
const Stages = z.array(HazardStage);
const Summaries = z.array(z.string());

type RiskTable = 'risk_hazard' | 'risk_product';

/** A hazard's conditions (risk_hazard) or the conditions a product ran with (risk_product). */
export const storedConditions = (text: string, table: RiskTable, id: number) =>
  parseStoredJson(Conditions, text, { table, id, column: 'conditions' });

/** The crop stages a hazard harms. */
export const storedHazardStages = (text: string, id: number) =>
  parseStoredJson(Stages, text, { table: 'risk_hazard', id, column: 'stages' });

/** A done product's statistics. */
export const storedRiskStats = (text: string, id: number) =>
  parseStoredJson(RiskStats, text, { table: 'risk_product', id, column: 'stats' });

/** A done product's summaries. */
export const storedSummaries = (text: string, id: number) =>
  parseStoredJson(Summaries, text, { table: 'risk_product', id, column: 'summaries' });

/** The hazard's stages of the product's crop as run, with their vulnerability. */
const Sensitivity = z.array(z.object({ stage: z.string(), vulnerability: z.number() }));
export type Sensitivity = z.output<typeof Sensitivity>;

/** The crop a product assesses. */
const ProductCrop = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export type ProductCrop = z.output<typeof ProductCrop>;

/** The zoning product a run weighs its exposure by. */
const Exposure = z.object({ zoningProductId: z.number().int(), name: z.string(), cropName: z.string() });
export type Exposure = z.output<typeof Exposure>;

/** The crop's calendar as the run used it (the engine's calendar). */
const Calendar = z.object({
  stages: z.array(CalendarStage),
  refAltitudeM: z.number(),
  refLatDeg: z.number(),
  daysPer100m: z.number(),
  daysPerDegree: z.number(),
});

const place = (id: number, column: string) => ({ table: 'risk_product', id, column });

/** A product's stages of its crop as run. */
export const storedSensitivity = (text: string, id: number) => parseStoredJson(Sensitivity, text, place(id, 'sensitivity'));

/** A product's crop (null: none). */
export const storedCrop = (text: string | null, id: number) => parseStoredJsonOrNull(ProductCrop, text, place(id, 'crop'));

/** A product's exposure (null: none). */
export const storedExposure = (text: string | null, id: number) => parseStoredJsonOrNull(Exposure, text, place(id, 'exposure'));

/** The crop's calendar a product ran with (null: none). */
export const storedCalendar = (text: string | null, id: number) => parseStoredJsonOrNull(Calendar, text, place(id, 'calendar'));

/** The grids a product read. */
export const storedRiskInputs = (text: string, id: number) => parseStoredJson(RiskProduct.shape.inputs, text, place(id, 'inputs'));
