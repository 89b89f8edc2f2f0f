import type { ForecastTypeInfo, ProductFactor } from '@agromet/contracts';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { resolveSelection, type ProductSelection } from '../../../components/map/map-rules';
import { useMapStore } from '../../../components/map/map-store';
import { useMapLayers } from '../../../components/map/use-map-data';
import { useAllocatedTypes, useReviseGrid } from './api';

/**
 * What the forecaster revises: a factor of an allocated forecast type at a base time and lead. It is
 * the map's product selection, so the map always shows the grid being edited.
 */
export function useRevisionTarget() {
  const allocated = useAllocatedTypes();
  const { data: layers } = useMapLayers();
  const { selection, setSelection } = useMapStore(useShallow((s) => ({ selection: s.selection, setSelection: s.setSelection })));

  // Products of allocated types only (the catalogue gives base times and leads with grids), stored factors only: derived
  // elements (12/24 h totals, daily extremes) are computed from the stored grids and are not revised themselves.
  const products = useMemo<ForecastTypeInfo[]>(() => {
    const codes = new Set((allocated.data ?? []).map((t) => t.code));
    return (layers?.products ?? []).filter((p) => codes.has(p.code)).map((p) => ({ ...p, factors: p.factors.filter((f) => !f.derived) }));
  }, [allocated.data, layers]);

  // Opening a revision page on a type the forecaster may not revise moves the map to one they may.
  useEffect(() => {
    if (!allocated.data || !layers) return;
    const resolved = resolveSelection(products, selection);
    if (resolved && (resolved.type !== selection?.type || JSON.stringify(resolved) !== JSON.stringify(selection))) setSelection(resolved);
  }, [allocated.data, layers, products, selection, setSelection]);

  const grid = useReviseGrid(selection && products.some((p) => p.code === selection.type) ? selection : null);
  const product = products.find((p) => p.code === selection?.type);
  const factor: ProductFactor | undefined = product?.factors.find((f) => f.code === selection?.factor);

  const choose = (patch: Partial<ProductSelection>) => {
    if (selection) setSelection(resolveSelection(products, { ...selection, ...patch }));
  };

  return {
    products,
    product,
    factor,
    selection,
    choose,
    data: grid.data,
    grid: grid.grid,
    isLoading: allocated.isLoading || grid.isFetching,
    refetch: grid.refetch,
    noTypes: Boolean(allocated.data && layers && products.length === 0),
  };
}

export type RevisionTarget = ReturnType<typeof useRevisionTarget>;
