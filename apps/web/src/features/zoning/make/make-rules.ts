import type { ZoningExecuteBody } from '@agromet/contracts';
import type { Ring } from '../../../components/map/ring';
import { areaCode } from './region-rules';

// Rules of the make-zoning form (docs/zoning.md): the map tool a region choice starts, the area shown as chosen, and
// the request a run makes or what it still needs. Pure, tested beside it.

export type RegionKind = 'customer' | 'area' | 'polygon';
/** What a click on the map does: nothing (a product's cell explained), pick an area, or draw a polygon. */
export type RegionTool = 'none' | 'pick' | 'draw';

/** An area picked on a boundary layer: the layer, the feature's index in its GeoJSON, and its name. */
export interface ChosenArea {
  layerId: string;
  index: number;
  name: string;
}

/** The tool a region starts: picking an area or drawing a polygon until one is chosen; none for the customer's. */
export function toolForRegion(kind: RegionKind, hasArea: boolean, hasRing: boolean): RegionTool {
  if (kind === 'area' && !hasArea) return 'pick';
  if (kind === 'polygon' && !hasRing) return 'draw';
  return 'none';
}

/** A tool's button pressed: the tool on, or off when it was on. */
export const toggledTool = (tool: RegionTool, pressed: Exclude<RegionTool, 'none'>): RegionTool => (tool === pressed ? 'none' : pressed);

/** The index of the chosen area to highlight on a layer: only on the layer it was picked on. */
export const chosenIndex = (area: ChosenArea | null, layerId: string | undefined): number | null =>
  area && layerId !== undefined && area.layerId === layerId ? area.index : null;

/**
 * The request of a run, or what it still needs (a message key under `make.`): a criterion, a name, and the area or
 * polygon its region asks for. The name is sent trimmed.
 */
export function zoningRequest(c: {
  criteriaId: number | undefined;
  name: string;
  region: RegionKind;
  area: ChosenArea | null;
  ring: Ring | null;
}): { body: ZoningExecuteBody } | { problem: string } {
  if (c.criteriaId === undefined) return { problem: 'needCriterion' };
  const name = c.name.trim();
  if (name === '') return { problem: 'needName' };
  if (c.region === 'area') {
    return c.area
      ? { body: { criteriaId: c.criteriaId, name, areaCode: areaCode(c.area.layerId, c.area.index) } }
      : { problem: 'needArea' };
  }
  if (c.region === 'polygon') {
    return c.ring
      ? { body: { criteriaId: c.criteriaId, name, polygon: { type: 'Polygon', coordinates: [c.ring] } } }
      : { problem: 'needPolygon' };
  }
  return { body: { criteriaId: c.criteriaId, name } };
}
