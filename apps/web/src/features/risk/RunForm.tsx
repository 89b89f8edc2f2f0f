import { PlayCircleOutlined } from '@ant-design/icons';
import type { RiskExecuteBody } from '@agromet/contracts';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_NS } from '../../components/map/i18n';
import { layerName } from '../../components/map/map-rules';
import { useMapLayers } from '../../components/map/use-map-data';
import { toastSuccess } from '../../lib/feedback';
import { logUnlessShown } from '../../lib/shown-failure';
import { useBoundaryAreaNames, useCatalog, useExposures, useHazards, useRiskCrops } from './api/hazards';
import { useExecuteRisk } from './api/products';
import { NS } from './i18n';
import { leadsWithin, productLanguage, proposedName } from './risk-rules';
import { formatTime } from './RiskProductView';

type Lang = 'zh' | 'en' | 'es';

/**
 * The run: a hazard, a run of its forecast type and a lead range, a region (the customer's, or an area of a boundary
 * layer), the layer the areas are counted by, an optional crop exposure (a zoning product), a name and the language of
 * the text written into the product. Answers the product made to its parent, which follows the job.
 */
export function RunForm({ onStarted }: { onStarted: (productId: number) => void }) {
  const { t, i18n } = useTranslation(NS);
  const { t: tMap } = useTranslation(MAP_NS);
  const hazards = useHazards();
  const catalog = useCatalog();
  const exposures = useExposures();
  const crops = useRiskCrops();
  const execute = useExecuteRisk();
  const boundaries = useMapLayers().data?.boundaries ?? [];
  const [hazardId, setHazardId] = useState<number | undefined>();
  const [baseTime, setBaseTime] = useState<string | undefined>();
  const [leadFrom, setLeadFrom] = useState(0);
  const [leadTo, setLeadTo] = useState<number | null>(null);
  const [region, setRegion] = useState<'customer' | 'area'>('customer');
  const [boundaryId, setBoundaryId] = useState<string | undefined>();
  const [areaIndex, setAreaIndex] = useState<number | undefined>();
  const [statsLayer, setStatsLayer] = useState<string | undefined>();
  const [zoningProductId, setZoningProductId] = useState<number | undefined>();
  const [cropId, setCropId] = useState<number | undefined>();
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  // The product's language follows the interface (a switch in the page included) until the user chooses one.
  const [chosenLang, setChosenLang] = useState<Lang | null>(null);
  const lang = productLanguage(i18n.language, chosenLang);
  const [problem, setProblem] = useState<string | null>(null);

  const hazard = hazards.data?.find((h) => h.id === hazardId);
  const type = catalog.data?.find((x) => x.code === hazard?.forecastType);
  const first = type?.factors.find((f) => f.code === hazard?.conditions[0]?.element);
  const boundary = boundaries.find((b) => b.id === boundaryId) ?? boundaries.find((b) => !b.builtIn) ?? boundaries[0];
  const areas = useBoundaryAreaNames(region === 'area' ? boundary?.url : undefined);
  const stats = statsLayer ?? (boundaries.find((b) => !b.builtIn) ?? boundaries[0])?.id;

  useEffect(() => {
    if (hazardId === undefined && hazards.data?.length) setHazardId(hazards.data[0]!.id);
  }, [hazards.data, hazardId]);
  // The newest run of the hazard's first element, and its whole range of leads.
  useEffect(() => {
    setBaseTime(first?.baseTimes[0]);
    setLeadTo(type?.maxLeadHours ?? null);
  }, [first, type]);
  useEffect(() => {
    if (!nameTouched && hazard) setName(proposedName(hazard.name, new Date()));
  }, [hazard, nameTouched]);

  const evaluated = useMemo(
    () => (first && baseTime === first.baseTimes[0] && leadTo !== null ? leadsWithin(first.leads, leadFrom, leadTo) : null),
    [first, baseTime, leadFrom, leadTo],
  );

  const submit = async () => {
    if (!hazard) return setProblem(t('make.needHazard'));
    if (!baseTime) return setProblem(t('make.needBaseTime'));
    if (!name.trim()) return setProblem(t('make.needName'));
    if (region === 'area' && (areaIndex === undefined || !boundary)) return setProblem(t('make.needArea'));
    setProblem(null);
    const body: RiskExecuteBody = {
      hazardId: hazard.id,
      name: name.trim(),
      baseTime,
      leadFrom,
      leadTo: leadTo ?? leadFrom,
      lang,
      ...(region === 'area' ? { areaCode: `${boundary!.id}:${areaIndex}` } : {}),
      ...(stats ? { statsLayer: stats } : {}),
      ...(zoningProductId !== undefined ? { zoningProductId } : {}),
      ...(zoningProductId === undefined && cropId !== undefined ? { cropId } : {}),
    };
    try {
      const created = await execute.mutateAsync(body);
      toastSuccess(t('make.submitted'));
      onStarted(created.productId);
    } catch (error) {
      logUnlessShown(error, 'risk execute');
    }
  };

  return (
    <Form layout="vertical" className="rk-form" data-testid="risk-run-form" onSubmitCapture={(e) => e.preventDefault()}>
      <div className="rk-form-row">
        <Form.Item label={t('make.hazard')} htmlFor="risk-hazard">
          <Select
            id="risk-hazard"
            value={hazardId}
            loading={hazards.isPending}
            options={(hazards.data ?? []).map((h) => ({ value: h.id, label: h.name }))}
            onChange={(id: number) => setHazardId(id)}
          />
        </Form.Item>
        <Form.Item
          label={t('make.baseTime')}
          htmlFor="risk-base-time"
          help={hazard && first && first.baseTimes.length === 0 ? t('make.noGrids', { element: first.name }) : undefined}
        >
          <Select
            id="risk-base-time"
            value={baseTime}
            options={(first?.baseTimes ?? []).map((b) => ({ value: b, label: formatTime(b) }))}
            onChange={(b: string) => setBaseTime(b)}
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
            value={leadFrom}
            onChange={(v) => setLeadFrom(typeof v === 'number' ? v : 0)}
          />
        </Form.Item>
        <Form.Item label={t('make.leadTo')} htmlFor="risk-lead-to">
          <InputNumber
            id="risk-lead-to"
            min={0}
            max={10000}
            precision={0}
            value={leadTo}
            onChange={(v) => setLeadTo(typeof v === 'number' ? v : null)}
          />
        </Form.Item>
      </div>
      {evaluated ? (
        <Typography.Paragraph type={evaluated.length ? 'secondary' : 'warning'} className="rk-hint" data-testid="risk-leads">
          {evaluated.length ? t('make.leadsHint', { leads: evaluated.map((l) => `${l} h`).join(', ') }) : t('make.noLeads')}
        </Typography.Paragraph>
      ) : null}
      <Form.Item label={t('make.region')}>
        <Radio.Group
          id="risk-region"
          value={region}
          onChange={(e) => setRegion(e.target.value as 'customer' | 'area')}
          options={[
            { value: 'customer', label: t('make.regionCustomer') },
            { value: 'area', label: t('make.regionArea') },
          ]}
        />
      </Form.Item>
      {region === 'area' ? (
        <div className="rk-form-row">
          <Form.Item label={t('make.boundary')} htmlFor="risk-boundary">
            <Select
              id="risk-boundary"
              value={boundary?.id}
              options={boundaries.map((b) => ({ value: b.id, label: layerName(b.name, tMap) }))}
              onChange={(id: string) => {
                setBoundaryId(id);
                setAreaIndex(undefined);
              }}
            />
          </Form.Item>
          <Form.Item label={t('make.area')} htmlFor="risk-area">
            <Select
              id="risk-area"
              value={areaIndex}
              loading={areas.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
              options={(areas.data ?? []).map((a) => ({ value: a.index, label: a.name }))}
              onChange={(i: number) => setAreaIndex(i)}
            />
          </Form.Item>
        </div>
      ) : null}
      <div className="rk-form-row">
        <Form.Item label={t('make.statsLayer')} htmlFor="risk-stats-layer">
          <Select
            id="risk-stats-layer"
            value={stats}
            options={boundaries.map((b) => ({ value: b.id, label: layerName(b.name, tMap) }))}
            onChange={(id: string) => setStatsLayer(id)}
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
            onChange={(id: number) => setZoningProductId(id === 0 ? undefined : id)}
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
              onChange={(id: number) => setCropId(id === 0 ? undefined : id)}
            />
          </Form.Item>
        ) : null}
      </div>
      <div className="rk-form-row">
        <Form.Item label={t('make.name')} htmlFor="risk-name">
          <Input
            id="risk-name"
            maxLength={64}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameTouched(true);
            }}
          />
        </Form.Item>
        <Form.Item label={t('make.lang')} htmlFor="risk-lang">
          <Select
            id="risk-lang"
            value={lang}
            options={[
              { value: 'zh', label: '中文' },
              { value: 'en', label: 'English' },
              { value: 'es', label: 'Español' },
            ]}
            onChange={(l: Lang) => setChosenLang(l)}
          />
        </Form.Item>
      </div>
      {problem ? <Alert type="warning" showIcon title={problem} className="rk-hint" data-testid="risk-make-problem" /> : null}
      <Button
        id="risk-execute"
        type="primary"
        icon={<PlayCircleOutlined aria-hidden />}
        loading={execute.isPending}
        disabled={!hazard}
        onClick={() => void submit()}
      >
        {t('make.execute')}
      </Button>
    </Form>
  );
}
