import type { GisLayers } from '@agromet/contracts';
import { Form, Radio, Select } from 'antd';
import { BoundaryLayerSelect } from '../map/BoundaryLayerSelect';

export type RegionKind = 'customer' | 'area';
type Boundary = GisLayers['boundaries'][number];

/**
 * The region a product is made for, as the map product and risk forms ask it: the customer's, or an area of a
 * boundary layer chosen by name (`areas`, the names of the shown layer's areas by their index). The form keeps the
 * choice in its own terms: `on` gets each change. Labels and ids are the form's (its words, its tests' handles).
 */
export function RegionFields({
  boundaries,
  region,
  layer,
  areaIndex,
  areas,
  on,
  ids,
  labels,
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
  labels: { region: string; customer: string; area: string; layer: string; areaName: string; chooseArea?: string };
  /** The form's row holding the layer and area side by side. */
  rowClassName: string;
}) {
  return (
    <>
      <Form.Item label={labels.region}>
        <Radio.Group
          id={ids.region}
          value={region}
          onChange={(e) => on.region(e.target.value as RegionKind)}
          options={[
            { value: 'customer', label: labels.customer },
            { value: 'area', label: labels.area },
          ]}
        />
      </Form.Item>
      {region === 'area' ? (
        <div className={rowClassName}>
          <Form.Item label={labels.layer} htmlFor={ids.layer}>
            <BoundaryLayerSelect id={ids.layer} value={layer?.id} boundaries={boundaries} onChange={on.layer} />
          </Form.Item>
          <Form.Item label={labels.areaName} htmlFor={ids.area}>
            <Select
              id={ids.area}
              value={areaIndex}
              loading={areas.isFetching}
              placeholder={labels.chooseArea}
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
