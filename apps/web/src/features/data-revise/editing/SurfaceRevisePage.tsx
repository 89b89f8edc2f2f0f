import { DeleteOutlined } from '@ant-design/icons';
import { AREA_OPERATIONS, EDGE_MODES } from '@agromet/contracts/web';
import { reviseArea } from '@agromet/grid';
import { Button, Checkbox, Form, InputNumber, List, Radio, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_NS } from '../../../components/map/i18n';
import { layerName } from '../../../components/map/map-rules';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { useMapLayers } from '../../../components/map/use-map-data';
import { MeteogramDrawer } from '../../../components/meteogram/MeteogramDrawer';
import { toastWarning } from '../../../lib/feedback';
import { MeteogramModeSwitch, MeteogramStationPick, useMeteogramMode } from '../common/meteogram-mode';
import { usePolygonRevise, useStationOptions } from './api';
import { BoundaryLayerTools } from './BoundaryLayerTools';
import { ConsistencyPanel } from './ConsistencyPanel';
import { GridTargetBar } from './GridTargetBar';
import { REVISE_EDIT_NS } from './i18n';
import { areaShapeOf, edgeModeOf, polygonBody, summarizePatch, type AreaSettings, type Ring } from './revise-rules';
import { RevisionFooter } from './RevisionFooter';
import { useAreasLayer, useBoundaryPick, usePolygonDraw } from './use-area-layers';
import { usePreviewLayer } from './use-preview-layer';
import { useRevisionTarget } from './use-revision-target';
import { useSubmitRevision } from './use-submit-revision';
import './revise.css';

type Tool = 'none' | 'draw' | 'pick';

/** Area revision: an operation over drawn or picked polygons, with edge treatment and smoothing. */
export function SurfaceRevisePage() {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const { t: tMap } = useTranslation(MAP_NS);
  const target = useRevisionTarget();
  const { grid, data } = target;
  const { data: layers } = useMapLayers();
  const [rings, setRings] = useState<Ring[]>([]);
  const [tool, setToolState] = useState<Tool>('none');
  // Meteogram mode (as on the point page): a click on the map, or a station picked, opens the time series there. Drawing
  // or picking an area leaves the mode, and the mode stops them.
  const meteogram = useMeteogramMode(target.selection);
  const stations = useStationOptions();
  const setTool = (next: Tool) => {
    setToolState(next);
    if (next !== 'none') meteogram.setMode(false);
  };
  const setMeteogramMode = (on: boolean) => {
    meteogram.setMode(on);
    if (on) setToolState('none');
  };
  useMapClicks(({ lon, lat }) => meteogram.open({ lon, lat }), meteogram.mode && tool === 'none');
  const [boundaryId, setBoundaryId] = useState<string | undefined>();
  const [settings, setSettings] = useState<AreaSettings>({ operation: 'add', value: 1, edge: 'flat', edgeCells: 3, smooth: null });
  const mutation = usePolygonRevise();
  const boundaries = layers?.boundaries ?? [];
  const boundary = boundaries.find((b) => b.id === boundaryId) ?? boundaries[0];
  const usedPositions = rings.reduce((n, r) => n + r.length, 0);

  usePolygonDraw(tool === 'draw', (ring) => setRings((list) => [...list, ring]));
  useBoundaryPick(boundary, tool === 'pick', usedPositions, (picked, simplified) => {
    setRings((list) => [...list, ...picked]);
    if (simplified) toastWarning(t('area.simplified', { count: picked.reduce((n, r) => n + r.length, 0) }));
  });
  useAreasLayer(rings);

  const min = data?.min;
  const max = data?.max;
  const range = useMemo(() => (min !== undefined && max !== undefined ? { min, max } : undefined), [min, max]);
  const divideByZero = settings.operation === 'divide' && !(settings.value > 0);
  const patch = useMemo(() => {
    if (!grid || rings.length === 0 || divideByZero) return null;
    return reviseArea(grid, areaShapeOf(rings), {
      operation: settings.operation,
      value: settings.value,
      edge: edgeModeOf(settings),
      ...(settings.smooth ? { smooth: settings.smooth } : {}),
      range,
    });
  }, [grid, rings, settings, divideByZero, range]);
  const summary = useMemo(() => (patch && grid ? summarizePatch(patch, grid.nx) : null), [patch, grid]);
  usePreviewLayer(grid, patch, summary, target.factor?.colormap);

  const set = (change: Partial<AreaSettings>) => setSettings((s) => ({ ...s, ...change }));
  const submit = useSubmitRevision({ selection: target.selection, reload: () => target.refetch(), onSaved: () => setRings([]) });

  return (
    <section className="revise-page" id="surface-revise" aria-labelledby="surface-revise-title">
      <Typography.Title level={4} id="surface-revise-title" className="revise-title">
        {t('route.surfaceRevise', { ns: 'translation' })}
      </Typography.Title>
      <GridTargetBar target={target} />
      <ConsistencyPanel target={target} />
      <Typography.Paragraph type="secondary" className="revise-hint">
        {t('area.hint')}
      </Typography.Paragraph>
      <Space wrap size={8}>
        <Button
          id="area-draw"
          type={tool === 'draw' ? 'primary' : 'default'}
          size="small"
          onClick={() => setTool(tool === 'draw' ? 'none' : 'draw')}
        >
          {tool === 'draw' ? t('area.stop') : t('area.draw')}
        </Button>
        {boundaries.length ? (
          <>
            <Select
              size="small"
              className="area-boundary"
              aria-label={t('area.boundary')}
              style={{ minWidth: 120 }}
              value={boundary?.id}
              options={boundaries.map((b) => ({ value: b.id, label: layerName(b.name, tMap) }))}
              onChange={setBoundaryId}
            />
            <Button
              id="area-pick"
              type={tool === 'pick' ? 'primary' : 'default'}
              size="small"
              onClick={() => setTool(tool === 'pick' ? 'none' : 'pick')}
            >
              {tool === 'pick' ? t('area.stop') : t('area.pick')}
            </Button>
          </>
        ) : null}
        <BoundaryLayerTools
          selected={boundary}
          onUploaded={(id) => {
            setBoundaryId(id);
            setTool('pick');
          }}
        />
        <Button size="small" onClick={() => setRings([])} disabled={rings.length === 0}>
          {t('area.clear')}
        </Button>
        <MeteogramModeSwitch checked={meteogram.mode} onChange={setMeteogramMode} />
        {meteogram.mode ? (
          <MeteogramStationPick stations={stations.data?.list ?? []} onPick={(id) => meteogram.open({ station: id })} />
        ) : null}
      </Space>
      <List
        size="small"
        className="revise-area-list"
        data-testid="revise-areas"
        header={<Typography.Text strong>{t('area.polygons')}</Typography.Text>}
        locale={{ emptyText: t('area.empty') }}
        dataSource={rings.map((ring, k) => ({ ring, k }))}
        renderItem={({ ring, k }) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('area.remove')}
                onClick={() => setRings((list) => list.filter((_, i) => i !== k))}
              />,
            ]}
          >
            {t('area.polygon', { n: k + 1 })} · {t('area.vertices', { count: ring.length - 1 })}
          </List.Item>
        )}
      />
      <Form layout="vertical" size="small" className="revise-area-form">
        <Space wrap size={8} align="end">
          <Form.Item label={t('area.operation')}>
            <Select
              id="area-operation"
              style={{ minWidth: 110 }}
              value={settings.operation}
              onChange={(operation) => set({ operation })}
              options={AREA_OPERATIONS.map((op) => ({ value: op, label: t(`area.ops.${op}`) }))}
            />
          </Form.Item>
          <Form.Item
            label={`${t('area.value')}${data?.unit && !['multiply', 'divide'].includes(settings.operation) ? ` (${data.unit})` : ''}`}
            validateStatus={divideByZero ? 'error' : undefined}
          >
            <InputNumber id="area-value" value={settings.value} step={0.5} onChange={(v) => set({ value: v ?? 0 })} />
          </Form.Item>
        </Space>
        <Form.Item label={t('area.edge')}>
          <Radio.Group
            value={settings.edge}
            onChange={(e) => set({ edge: e.target.value as AreaSettings['edge'] })}
            options={EDGE_MODES.map((m) => ({ value: m, label: t(`area.edges.${m}`) }))}
          />
        </Form.Item>
        <Space wrap size={12} align="center">
          {settings.edge === 'ramp' ? (
            <Form.Item label={t('area.edgeCells')}>
              <InputNumber id="area-edge-cells" min={1} max={100} value={settings.edgeCells} onChange={(v) => set({ edgeCells: v ?? 3 })} />
            </Form.Item>
          ) : null}
          <Checkbox id="area-smooth" checked={settings.smooth !== null} onChange={(e) => set({ smooth: e.target.checked ? 3 : null })}>
            {t('area.smooth')}
          </Checkbox>
          {settings.smooth !== null ? (
            <Select
              size="small"
              aria-label={t('area.smoothSize')}
              value={settings.smooth}
              onChange={(smooth: number) => set({ smooth })}
              options={[3, 5, 7, 9].map((n) => ({ value: n, label: `${n} × ${n}` }))}
            />
          ) : null}
        </Space>
      </Form>
      <MeteogramDrawer place={meteogram.place} onClose={meteogram.close} />
      <RevisionFooter
        target={target}
        summary={summary}
        submitting={mutation.isPending}
        onSubmit={(leads) => data && void submit(() => mutation.mutateAsync(polygonBody(data, leads, rings, settings)))}
      />
    </section>
  );
}
