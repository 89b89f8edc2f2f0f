import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fitLonLatBox } from '../../../components/map/fit-view';
import { useConsoleMap } from '../../../components/map/map-context';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useMapLayers } from '../../../components/map/use-map-data';
import { useBaseFactors } from '../api/factors';
import { gridExtent } from '../common/class-image';
import { NS } from '../i18n';
import { chosenIndex, toolForRegion, toggledTool, type ChosenArea, type RegionKind, type RegionTool } from './make-rules';
import type { Ring } from '../../../components/map/ring';
import { areaNameOf } from './region-rules';
import { useBoundaryAreas, usePolygonRegion } from './use-region-layers';

/**
 * The region of a run: the customer's whole region, an area of a boundary layer picked on the map, or a polygon drawn
 * on it; the map tool in use, and the layers that show them. `onChosen` hears of a region, area or polygon chosen.
 */
export function useZoningRegion(onChosen: () => void) {
  const { t } = useTranslation(NS);
  const [region, setRegion] = useState<RegionKind>('customer');
  const { data: layers } = useMapLayers();
  const boundaries = useMemo(() => layers?.boundaries ?? [], [layers]);
  const [boundaryId, setBoundaryId] = useState<string | undefined>();
  const boundary = boundaries.find((b) => b.id === boundaryId) ?? boundaries[0];
  const [area, setArea] = useState<ChosenArea | null>(null);
  const [ring, setRing] = useState<Ring | null>(null);
  const [tool, setTool] = useState<RegionTool>('none');
  const map = useConsoleMap();
  const factors = useBaseFactors();
  // While an area or polygon is being chosen the forecast layer would only be in the way.
  useHideForecast(region !== 'customer');

  useBoundaryAreas(boundary, region === 'area', tool === 'pick', chosenIndex(area, boundary?.id), (picked) => {
    if (!boundary) return;
    setArea({
      layerId: boundary.id,
      index: picked.index,
      name: areaNameOf(picked.properties, picked.index, (n) => t('make.areaName', { n })),
    });
    setTool('none');
    onChosen();
  });
  usePolygonRegion(ring, region === 'polygon', tool === 'draw', (drawn) => {
    setRing(drawn);
    setTool('none');
    onChosen();
  });

  const chooseRegion = (kind: RegionKind) => {
    setRegion(kind);
    // The customer's region (where the base factors have grids) comes into view to pick or draw in.
    const geometry = factors.data?.find((f) => f.geometry)?.geometry;
    if (map && geometry && kind !== 'customer') fitLonLatBox(map, gridExtent(geometry));
    onChosen();
    setTool(toolForRegion(kind, area !== null, ring !== null));
  };
  const chooseBoundary = (id: string) => {
    setBoundaryId(id);
    setArea(null);
    setTool('pick');
  };
  return {
    region,
    chooseRegion,
    boundaries,
    boundary,
    chooseBoundary,
    area,
    ring,
    clearRing: () => setRing(null),
    tool,
    toggleTool: (pressed: Exclude<RegionTool, 'none'>) => setTool(toggledTool(tool, pressed)),
    stopTool: () => setTool('none'),
  };
}

export type ZoningRegionState = ReturnType<typeof useZoningRegion>;
