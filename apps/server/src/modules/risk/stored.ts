import { HazardCondition, HazardStage, RiskStats } from '@agromet/contracts';
import { z } from 'zod';
import { parseStoredJson } from '../../core/stored-json.js';

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
