import type { GisLayers } from '@agromet/contracts';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAP_NS } from './i18n';
import { layerName } from './map-rules';

/** A select of the boundary layers by their names (a built-in layer's in the interface language), valued by their ids. */
export function BoundaryLayerSelect({
  boundaries,
  ...select
}: { boundaries: ReadonlyArray<Pick<GisLayers['boundaries'][number], 'id' | 'name'>> } & Omit<SelectProps, 'options'>) {
  const { t } = useTranslation(MAP_NS);
  return <Select {...select} options={boundaries.map((b) => ({ value: b.id, label: layerName(b.name, t) }))} />;
}
