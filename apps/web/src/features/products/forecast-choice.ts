import type { ForecastTypeInfo } from '@agromet/contracts';
import type { RegionKind } from '../../components/region-fields/RegionFields';
import { defaultAggregation, firstDay, type ForecastForm } from './product-rules';

// Rules of the forecast fields (docs/products.md#defaults): what choosing a type or an element resets, which elements
// are offered, and how the region is read from the form. Pure, tested beside it.

/** Types and elements of the catalogue that have grids: only those are offered (the choice of forecast's rule). */
export { factorsWithGrids, typesWithGrids } from '../../components/forecast-choice/with-grids';

/**
 * The forecast after choosing an element (of `typeCode`): its newest run, its first lead, its first day as the range,
 * and the aggregation proposed for it; the mode and the region stay.
 */
export function withFactor(value: ForecastForm, catalog: readonly ForecastTypeInfo[], code: string, typeCode = value.type): ForecastForm {
  const f = catalog.find((x) => x.code === typeCode)?.factors.find((x) => x.code === code);
  const day = firstDay(f?.leads ?? []);
  return {
    ...value,
    type: typeCode,
    factor: code,
    baseTime: f?.baseTimes[0],
    lead: f?.leads[0],
    leadFrom: day?.from,
    leadTo: day?.to,
    aggregation: defaultAggregation(code),
  };
}

/** The forecast after choosing a type: its first element with grids chosen; null when it has none. */
export function withType(value: ForecastForm, catalog: readonly ForecastTypeInfo[], typeCode: string): ForecastForm | null {
  const first = catalog.find((x) => x.code === typeCode)?.factors.find((f) => f.baseTimes.length);
  return first ? withFactor(value, catalog, first.code, typeCode) : null;
}

/** An area once a boundary layer is being chosen from or an area is set; else the customer's region. */
export const regionKind = (layerId: string | undefined, areaCode: string | undefined): RegionKind =>
  layerId !== undefined || areaCode ? 'area' : 'customer';

/** The boundary layer shown: the one being chosen from, else the one the area names, else the first. */
export function shownLayer<T extends { id: string }>(boundaries: readonly T[], layerId: string | undefined, areaCode: string | undefined) {
  return boundaries.find((b) => b.id === (layerId ?? areaCode?.split(':')[0])) ?? boundaries[0];
}

/** The index of the area an area code (`layer:index`) names. */
export const areaIndexOf = (areaCode: string | undefined) => (areaCode ? Number(areaCode.split(':')[1]) : undefined);
