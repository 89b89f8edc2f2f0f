import type { ColorMap, Grid, Patch } from '@agromet/grid';
import { useEffect } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import { previewLayer } from './preview-layer';
import type { PatchSummary } from './revise-rules';

/** Draws the preview of a revision over the product layer while the page shows one. */
export function usePreviewLayer(
  grid: Grid | null,
  patch: Patch | null,
  summary: PatchSummary | null,
  colormap: ColorMap | undefined,
): void {
  const map = useConsoleMap();
  useEffect(() => {
    if (!map || !grid || !patch || !summary?.box || !colormap) return;
    const layer = previewLayer(grid, patch, summary.box, colormap);
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, grid, patch, summary, colormap]);
}
