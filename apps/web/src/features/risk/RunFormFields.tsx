import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BoundaryLayerSelect } from '../../components/map/BoundaryLayerSelect';
import { RegionFields } from '../../components/region-fields/RegionFields';
import { useBoundaryAreaNames, useExposures, useRiskCrops } from './api/hazards';
import { NS } from './i18n';
import { formatDateTime } from '../../lib/format-time';
import { chosenId, type RunLang } from './run-form-rules';
import type { RunFormState } from './use-run-form';

/** The hazard, the run of its first element, the range of leads and the leads it evaluates. */
export function RunHazardFields({ run }: { run: RunFormState['run'] }) {
  const { t } = useTranslation(NS);
  const { hazards, hazard, first, evaluated } = run;
  return (
    <>
      <div className="rk-form-row">
        <Form.Item label={t('make.hazard')} htmlFor="risk-hazard">
          <Select
            id="risk-hazard"
            value={run.hazardId}
            loading={hazards.isPending}
            options={(hazards.data ?? []).map((h) => ({ value: h.id, label: h.name }))}
            onChange={(id: number) => run.setHazardId(id)}
          />
        </Form.Item>
        <Form.Item
          label={t('make.baseTime')}
          htmlFor="risk-base-time"
          help={hazard && first && first.baseTimes.length === 0 ? t('make.noGrids', { element: first.name }) : undefined}
        >
          <Select
            id="risk-base-time"
            value={run.baseTime}
            options={(first?.baseTimes ?? []).map((b) => ({ value: b, label: formatDateTime(b) }))}
            onChange={(b: string) => run.setBaseTime(b)}
          />
        </Form.Item>
      </div>
      <div className="rk-form-row">
        <Form.Item label={t('make.leadFrom')} htmlFor="risk-lead-from">
          <InputNumber
            id="risk-lead-from"
            min={0}
            max={10000}
            precision={0}
            value={run.leadFrom}
            onChange={(v) => run.setLeadFrom(typeof v === 'number' ? v : 0)}
          />
        </Form.Item>
        <Form.Item label={t('make.leadTo')} htmlFor="risk-lead-to">
          <InputNumber
            id="risk-lead-to"
            min={0}
            max={10000}
            precision={0}
            value={run.leadTo}
            onChange={(v) => run.setLeadTo(typeof v === 'number' ? v : null)}
          />
        </Form.Item>
      </div>
      {evaluated ? (
        <Typography.Paragraph type={evaluated.length ? 'secondary' : 'warning'} className="rk-hint" data-testid="risk-leads">
          {evaluated.length ? t('make.leadsHint', { leads: evaluated.map((l) => `${l} h`).join(', ') }) : t('make.noLeads')}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}

/** The region: the customer's, or an area of a boundary layer chosen by name. */
export function RunRegionFields({ where }: { where: RunFormState['where'] }) {
  const areas = useBoundaryAreaNames(where.region === 'area' ? where.boundary?.url : undefined);
  return (
    <RegionFields
      boundaries={where.boundaries}
      region={where.region}
      layer={where.boundary}
      areaIndex={where.areaIndex}
      areas={areas}
      on={{ region: where.setRegion, layer: where.chooseBoundary, area: where.setAreaIndex }}
      ids={{ region: 'risk-region', layer: 'risk-boundary', area: 'risk-area' }}
      rowClassName="rk-form-row"
    />
  );
}

/** The layer areas are counted by, the crop exposure (a zoning product) and, without one, the crop. */
export function RunExposureFields({ where, exposure }: Pick<RunFormState, 'where' | 'exposure'>) {
  const { t } = useTranslation(NS);
  const exposures = useExposures();
  const crops = useRiskCrops();
  const { zoningProductId, cropId } = exposure;
  return (
    <div className="rk-form-row">
      <Form.Item label={t('make.statsLayer')} htmlFor="risk-stats-layer">
        <BoundaryLayerSelect
          id="risk-stats-layer"
          value={where.stats}
          boundaries={where.boundaries}
          onChange={(id: string) => where.setStatsLayer(id)}
        />
      </Form.Item>
      <Form.Item
        label={t('make.exposure')}
        htmlFor="risk-exposure"
        help={zoningProductId !== undefined ? t('make.exposureHint') : undefined}
      >
        <Select
          id="risk-exposure"
          value={zoningProductId ?? 0}
          options={[
            { value: 0, label: t('make.noExposure') },
            ...(exposures.data ?? []).map((e) => ({ value: e.zoningProductId, label: `${e.cropName} · ${e.name}` })),
          ]}
          onChange={(id: number) => exposure.setZoningProductId(chosenId(id))}
        />
      </Form.Item>
      {zoningProductId === undefined ? (
        <Form.Item label={t('make.crop')} htmlFor="risk-crop" help={t('make.cropHint')}>
          <Select
            id="risk-crop"
            value={cropId ?? 0}
            options={[
              { value: 0, label: t('make.noCrop') },
              ...(crops.data ?? []).filter((c) => c.hasCalendar).map((c) => ({ value: c.cropId, label: c.name })),
            ]}
            onChange={(id: number) => exposure.setCropId(chosenId(id))}
          />
        </Form.Item>
      ) : null}
    </div>
  );
}

/** The product's name and the language of the text written into it. */
export function RunNameFields({ naming }: { naming: RunFormState['naming'] }) {
  const { t } = useTranslation(NS);
  return (
    <div className="rk-form-row">
      <Form.Item label={t('make.name')} htmlFor="risk-name">
        <Input id="risk-name" maxLength={64} value={naming.name} onChange={(e) => naming.typeName(e.target.value)} />
      </Form.Item>
      <Form.Item label={t('make.lang')} htmlFor="risk-lang">
        <Select
          id="risk-lang"
          value={naming.lang}
          options={[
            { value: 'zh', label: '中文' },
            { value: 'en', label: 'English' },
            { value: 'es', label: 'Español' },
          ]}
          onChange={(l: RunLang) => naming.setLang(l)}
        />
      </Form.Item>
    </div>
  );
}
