import type { GisLayers } from '@agromet/contracts';
import { Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BoundaryLayerSelect } from '../map/BoundaryLayerSelect';
import { MAP_NS } from '../map/i18n';

export type RegionKind = 'customer' | 'area';
type Boundary = GisLayers['boundaries'][number];

/**
 * The region a product is made for, as the map product and risk forms ask it: the customer's, or an area of a
 * boundary layer chosen by name (`areas`, the names of the shown layer's areas by their index). The form keeps the
 * choice in its own terms: `on` gets each change. The ids are the form's (its tests' handles).
 */
export function RegionFields({
  boundaries,
  region,
  layer,
  areaIndex,
  areas,
  on,
  ids,
  rowClassName,
}: {
  boundaries: readonly Boundary[];
  region: RegionKind;
  /** The boundary layer shown when choosing an area. */
  layer: Boundary | undefined;
  areaIndex: number | undefined;
  areas: { data?: ReadonlyArray<{ index: number; name: string }>; isFetching: boolean };
  on: { region: (kind: RegionKind) => void; layer: (id: string) => void; area: (index: number) => void };
  ids: { region: string; layer: string; area: string };
  /** The form's row holding the layer and area side by side. */
  rowClassName: string;
}) {
  const { t } = useTranslation(MAP_NS);
  return (
    <>
      <Form.Item label={t('region.label')}>
        <Radio.Group
          id={ids.region}
          value={region}
          onChange={(e) => on.region(e.target.value as RegionKind)}
          options={[
            { value: 'customer', label: t('region.customer') },
            { value: 'area', label: t('region.area') },
          ]}
        />
      </Form.Item>
      {region === 'area' ? (
        <div className={rowClassName}>
          <Form.Item label={t('region.layer')} htmlFor={ids.layer}>
            <BoundaryLayerSelect id={ids.layer} value={layer?.id} boundaries={boundaries} onChange={on.layer} />
          </Form.Item>
          <Form.Item label={t('region.areaName')} htmlFor={ids.area}>
            <Select
              id={ids.area}
              value={areaIndex}
              loading={areas.isFetching}
              placeholder={t('region.chooseArea')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(areas.data ?? []).map((a) => ({ value: a.index, label: a.name }))}
              onChange={on.area}
            />
          </Form.Item>
        </div>
      ) : null}
    </>
  );
}
