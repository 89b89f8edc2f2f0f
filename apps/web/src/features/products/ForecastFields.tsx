import type { ForecastTypeInfo, ProductAggregation, ProductMode } from '@agromet/contracts';
import { Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ForecastChoice } from '../../components/forecast-choice/ForecastChoice';
import { useMapLayers } from '../../components/map/use-map-data';
import { RegionFields } from '../../components/region-fields/RegionFields';
import { useBoundaryAreaNames } from './api/products';
import { areaIndexOf, factorsWithGrids, regionKind, shownLayer, withFactor, withType } from './forecast-choice';
import { NS } from './i18n';
import { aggregationsFor, type ForecastForm } from './product-rules';

interface FieldsProps {
  catalog: readonly ForecastTypeInfo[];
  value: ForecastForm;
  onChange: (next: ForecastForm) => void;
}

/** Type, element and (unless for a schedule) the run. */
function ElementFields({ catalog, value, onChange, withRun }: FieldsProps & { withRun: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <div className="pd-form-row">
      <ForecastChoice
        types={catalog}
        value={value}
        formItems
        on={{
          type: (code) => {
            const next = withType(value, catalog, code);
            if (next) onChange(next);
          },
          factor: (code) => onChange(withFactor(value, catalog, code)),
          ...(withRun ? { baseTime: (b: string) => onChange({ ...value, baseTime: b }) } : {}),
        }}
        fields={{
          type: { label: t('make.type'), id: 'product-type' },
          factor: { label: t('make.factor'), id: 'product-factor', showSearch: { optionFilterProp: 'label' } },
          baseTime: { label: t('make.baseTime'), id: 'product-base' },
        }}
        typeName={(x) => t(`types.${x.code}`, { defaultValue: x.name })}
        factorName={(f) => t(`factors.${f.code}`, { defaultValue: f.name })}
      />
    </div>
  );
}

/** The mode, then its lead, or its range of leads (with the aggregation of an aggregate). */
function LeadFields({ catalog, value, onChange }: FieldsProps) {
  const { t } = useTranslation(NS);
  const leads = factorsWithGrids(catalog.find((x) => x.code === value.type)).find((f) => f.code === value.factor)?.leads ?? [];
  const leadOptions = leads.map((l) => ({ value: l, label: t('make.leadHours', { h: l }) }));
  return (
    <>
      <Form.Item label={t('make.mode')}>
        <Radio.Group
          id="product-mode"
          value={value.mode}
          optionType="button"
          onChange={(e) => onChange({ ...value, mode: e.target.value as ProductMode })}
          options={(['lead', 'aggregate', 'series'] as const).map((m) => ({ value: m, label: t(`mode.${m}`) }))}
        />
      </Form.Item>
      {value.mode === 'lead' ? (
        <Form.Item label={t('make.lead')} htmlFor="product-lead">
          <Select id="product-lead" value={value.lead} options={leadOptions} onChange={(l: number) => onChange({ ...value, lead: l })} />
        </Form.Item>
      ) : (
        <div className="pd-form-row">
          <Form.Item label={t('make.leadFrom')} htmlFor="product-lead-from">
            <Select
              id="product-lead-from"
              value={value.leadFrom}
              options={leadOptions}
              onChange={(l: number) => onChange({ ...value, leadFrom: l })}
            />
          </Form.Item>
          <Form.Item label={t('make.leadTo')} htmlFor="product-lead-to">
            <Select
              id="product-lead-to"
              value={value.leadTo}
              options={leadOptions}
              onChange={(l: number) => onChange({ ...value, leadTo: l })}
            />
          </Form.Item>
          {value.mode === 'aggregate' ? (
            <Form.Item label={t('make.aggregation')} htmlFor="product-aggregation">
              <Select
                id="product-aggregation"
                value={value.aggregation}
                options={aggregationsFor(value.factor ?? '').map((a) => ({ value: a, label: t(`aggregation.${a}`) }))}
                onChange={(a: ProductAggregation) => onChange({ ...value, aggregation: a })}
              />
            </Form.Item>
          ) : null}
        </div>
      )}
    </>
  );
}

/** The region: the customer's, or an area (`layer:index`) of a boundary layer chosen by name. */
function ProductRegionFields({
  value,
  onChange,
  layerId,
  onLayerChange,
}: Omit<FieldsProps, 'catalog'> & { layerId: string | undefined; onLayerChange: (id: string | undefined) => void }) {
  const boundaries = useMapLayers().data?.boundaries ?? [];
  const region = regionKind(layerId, value.areaCode);
  const layer = shownLayer(boundaries, layerId, value.areaCode);
  const areas = useBoundaryAreaNames(region === 'area' ? layer?.url : undefined);
  return (
    <RegionFields
      boundaries={boundaries}
      region={region}
      layer={layer}
      areaIndex={areaIndexOf(value.areaCode)}
      areas={areas}
      on={{
        region: (kind) => {
          onChange({ ...value, areaCode: undefined });
          onLayerChange(kind === 'area' ? (layer?.id ?? 'provinces') : undefined);
        },
        layer: (id) => {
          onLayerChange(id);
          onChange({ ...value, areaCode: undefined });
        },
        area: (index) => onChange({ ...value, areaCode: `${layer?.id}:${index}` }),
      }}
      ids={{ region: 'product-region', layer: 'product-layer', area: 'product-area' }}
      rowClassName="pd-form-row"
    />
  );
}

/**
 * The forecast of a product: type, element, run, the lead (one, a series, or a range with its aggregation) and the
 * region (the customer's, or an area of a boundary layer chosen by name).
 */
export function ForecastFields({
  catalog,
  value,
  onChange,
  layerId,
  onLayerChange,
  withRun = true,
}: FieldsProps & {
  layerId: string | undefined;
  onLayerChange: (id: string | undefined) => void;
  /** Whether the run is chosen (not for a schedule, which takes the newest run when it fires). */
  withRun?: boolean;
}) {
  return (
    <>
      <ElementFields catalog={catalog} value={value} onChange={onChange} withRun={withRun} />
      <LeadFields catalog={catalog} value={value} onChange={onChange} />
      <ProductRegionFields value={value} onChange={onChange} layerId={layerId} onLayerChange={onLayerChange} />
    </>
  );
}
