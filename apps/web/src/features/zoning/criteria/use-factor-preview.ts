import type { BaseFactor } from '@agromet/contracts';
import { ZONING_CLASS_COLORS } from '@agromet/contracts/web';
import { classifyFactor, type FactorRule } from '@agromet/grid';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import { useFactorGrid } from '../api/factors';
import { classCounts, gridExtent } from '../common/class-image';
import { fitLonLatBox } from '../../../components/map/fit-view';
import { useClassLayer, type ClassImage } from '../common/use-class-layer';

export type PreviewState = { kind: 'off' } | { kind: 'loading' } | { kind: 'invalid' } | { kind: 'shown'; counts: number[]; none: number };

/**
 * The live preview of one factor's classes: its grid fetched once (bytes), classed in the browser by the thresholds
 * as they are being edited with the same `classifyFactor` the server runs, and drawn over the map.
 */
export function useFactorPreview(factor: BaseFactor | undefined, rule: FactorRule | undefined): PreviewState {
  const grid = useFactorGrid(factor?.code, factor?.hasGrid ? factor.version : null);
  // Typing stays responsive: the map follows the thresholds a moment later.
  const deferred = useDeferredValue(rule);
  const image = useMemo<{ image: ClassImage; counts: number[]; none: number } | 'invalid' | null>(() => {
    if (!grid.data || !deferred) return null;
    try {
      const classes = classifyFactor(grid.data.values, deferred);
      const { byClass, none } = classCounts(classes);
      return { image: { classes, geometry: grid.data, colors: ZONING_CLASS_COLORS }, counts: byClass, none };
    } catch {
      return 'invalid';
    }
  }, [grid.data, deferred]);
  useClassLayer(image && image !== 'invalid' ? image.image : null);
  // The region comes into view when a factor's preview starts.
  const map = useConsoleMap();
  const geometry = grid.data;
  useEffect(() => {
    if (map && geometry) fitLonLatBox(map, gridExtent(geometry));
  }, [map, geometry, factor?.code]);
  if (!factor || !rule) return { kind: 'off' };
  if (image === 'invalid') return { kind: 'invalid' };
  if (!image) return { kind: 'loading' };
  return { kind: 'shown', counts: image.counts, none: image.none };
}
