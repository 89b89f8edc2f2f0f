import type { RiskExecuteBody } from '@agromet/contracts';
import { leadsWithin } from './risk-rules';

// Rules of the run form (docs/risk.md): the layers it starts with, the leads a choice evaluates, what a run still needs,
// and the request it makes. Pure, tested beside it.

export type RunLang = 'zh' | 'en' | 'es';
export type RunRegion = 'customer' | 'area';

interface Boundary {
  id: string;
  builtIn?: boolean;
}

/** The boundary layer areas are chosen from: the one chosen, else the customer's own first layer, else the first. */
export function runBoundary<T extends Boundary>(boundaries: readonly T[], chosen: string | undefined): T | undefined {
  return boundaries.find((b) => b.id === chosen) ?? boundaries.find((b) => !b.builtIn) ?? boundaries[0];
}

/** The layer areas are counted by: the one chosen, else the customer's own first layer, else the first. */
export function runStatsLayer(boundaries: readonly Boundary[], chosen: string | undefined): string | undefined {
  return chosen ?? (boundaries.find((b) => !b.builtIn) ?? boundaries[0])?.id;
}

/**
 * The leads of the hazard's first element a run evaluates: known only for its newest run (whose leads the catalogue
 * lists) and a range with an end; null otherwise.
 */
export function evaluatedLeads(
  first: { baseTimes: readonly string[]; leads: readonly number[] } | undefined,
  baseTime: string | undefined,
  leadFrom: number,
  leadTo: number | null,
): number[] | null {
  return first && baseTime === first.baseTimes[0] && leadTo !== null ? leadsWithin(first.leads, leadFrom, leadTo) : null;
}

/** An id chosen in a select whose 0 means none. */
export const chosenId = (id: number): number | undefined => (id === 0 ? undefined : id);

/** What the run form holds when it is run. */
export interface RunChoices {
  hazardId: number | undefined;
  baseTime: string | undefined;
  leadFrom: number;
  leadTo: number | null;
  region: RunRegion;
  /** The boundary layer shown (runBoundary) and the area chosen in it. */
  boundaryId: string | undefined;
  areaIndex: number | undefined;
  statsLayer: string | undefined;
  zoningProductId: number | undefined;
  cropId: number | undefined;
  name: string;
  lang: RunLang;
}

/**
 * The request of a run, or what it still needs (a message key under `make.`): a hazard, a run, a name, and an area
 * when the region is one. Without an end the range is the start alone; a crop only without an exposure (which brings
 * its own).
 */
export function runRequest(c: RunChoices): { body: RiskExecuteBody } | { problem: string } {
  if (c.hazardId === undefined) return { problem: 'needHazard' };
  if (!c.baseTime) return { problem: 'needBaseTime' };
  if (!c.name.trim()) return { problem: 'needName' };
  if (c.region === 'area' && (c.areaIndex === undefined || !c.boundaryId)) return { problem: 'needArea' };
  return {
    body: {
      hazardId: c.hazardId,
      name: c.name.trim(),
      baseTime: c.baseTime,
      leadFrom: c.leadFrom,
      leadTo: c.leadTo ?? c.leadFrom,
      lang: c.lang,
      ...(c.region === 'area' ? { areaCode: `${c.boundaryId}:${c.areaIndex}` } : {}),
      ...(c.statsLayer ? { statsLayer: c.statsLayer } : {}),
      ...(c.zoningProductId !== undefined ? { zoningProductId: c.zoningProductId } : {}),
      ...(c.zoningProductId === undefined && c.cropId !== undefined ? { cropId: c.cropId } : {}),
    },
  };
}
