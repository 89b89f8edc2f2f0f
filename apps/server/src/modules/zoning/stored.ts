import { BaseFactorFit, FactorRule, ReviseArea, ZoningStats } from '@agromet/contracts';
import { z } from 'zod';
import { parseStoredJson } from '../../core/stored-json.js';

// The JSON columns of criteria and zoning products, read through their shapes (a bad row is an error naming it).

const finite = z.number().finite();

/** The definition stored with a criterion (and with each product, as it was run). */
export const StoredDefinition = z.object({
  factors: z.array(FactorRule),
  classScores: z.tuple([finite, finite, finite, finite]).optional(),
  cutPoints: z.tuple([finite, finite, finite]).optional(),
});
export type StoredDefinition = z.output<typeof StoredDefinition>;

/** The region a product was asked for (zoning and risk products): an area code or a drawn area, and the statistics layer. */
export const StoredRegionAsk = z.object({
  areaCode: z.string().optional(),
  polygon: ReviseArea.optional(),
  statsLayer: z.string(),
});

/** The factor grids a zoning product read, with their versions. */
const ProductInputs = z.array(z.object({ factor: z.string(), gridVersion: z.number().int() }));
export type ProductInput = z.output<typeof ProductInputs>[number];

/** A criterion's definition (zoning_criterion) or the one a product ran with (zoning_product). */
export const storedDefinition = (text: string, table: 'zoning_criterion' | 'zoning_product', id: number) =>
  parseStoredJson(StoredDefinition, text, { table, id, column: 'definition' });

/** The region asked for by a zoning or risk product. */
export const storedRegionAsk = (text: string, table: 'zoning_product' | 'risk_product', id: number) =>
  parseStoredJson(StoredRegionAsk, text, { table, id, column: 'region' });

/** The grids a zoning product read. */
export const storedProductInputs = (text: string, id: number) =>
  parseStoredJson(ProductInputs, text, { table: 'zoning_product', id, column: 'inputs' });

/** A done zoning product's statistics. */
export const storedZoningStats = (text: string, id: number) =>
  parseStoredJson(ZoningStats, text, { table: 'zoning_product', id, column: 'stats' });

/**
 * A base factor grid's fit. A grid made before the scale and both leave-one-out errors were kept was fitted on the
 * linear scale with the residuals always added (its looRmse is theirs); the regression alone was not measured.
 */
const StoredFit = BaseFactorFit.extend({
  scale: BaseFactorFit.shape.scale.default('linear'),
  looRmseRegression: z.number().nullable().default(null),
  looRmseResiduals: z.number().nullable().optional(),
  residuals: z.boolean().default(true),
}).transform((f): BaseFactorFit => ({ ...f, looRmseResiduals: f.looRmseResiduals === undefined ? f.looRmse : f.looRmseResiduals }));

/** A base factor grid's fit as the contract gives it. */
export const storedFit = (text: string, id: number) => parseStoredJson(StoredFit, text, { table: 'zoning_base_factor', id, column: 'fit' });
