import { reviseArea } from '@agromet/grid';
import { Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoundaryLayerSelect } from '../../../components/map/BoundaryLayerSelect';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { useMapLayers } from '../../../components/map/use-map-data';
import { MeteogramDrawer } from '../../../components/meteogram/MeteogramDrawer';
import { toastWarning } from '../../../lib/feedback';
import { MeteogramModeSwitch, MeteogramStationPick, useMeteogramMode } from '../common/meteogram-mode';
import { revisePolygon, useStationOptions } from './api';
import { previewOf } from './grid-patch';
import { BoundaryLayerTools } from './BoundaryLayerTools';
import { REVISE_EDIT_NS } from './i18n';
import { areaShapeOf, edgeModeOf, polygonBody, summarizePatch, type AreaSettings, type Ring } from './revise-rules';
import { RevisePageHeader } from './RevisePageHeader';
import { RevisionFooter } from './RevisionFooter';
import { AreaList } from './AreaList';
import { AreaSettingsForm } from './AreaSettingsForm';
import { useAreasLayer, useBoundaryPick, useRingDraw } from './use-area-layers';
import { useFreshPatchLayer } from './use-fresh-patch-layer';
import { usePreviewLayer } from './use-preview-layer';
import { useRevisionTarget } from './use-revision-target';
import { useSubmitRevision } from './use-submit-revision';
import './revise.css';

type Tool = 'none' | 'draw' | 'pick';

/** Area revision: an operation over drawn or picked polygons, with edge treatment and smoothing. */
export function SurfaceRevisePage() {
  const { t } = useTranslation(REVISE_EDIT_NS);
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
  const boundaries = layers?.boundaries ?? [];
  const boundary = boundaries.find((b) => b.id === boundaryId) ?? boundaries[0];
  const usedPositions = rings.reduce((n, r) => n + r.length, 0);

  useRingDraw(tool === 'draw', (ring) => setRings((list) => [...list, ring]));
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
  useFreshPatchLayer(target.selection, target.factor?.colormap);

  const set = (change: Partial<AreaSettings>) => setSettings((s) => ({ ...s, ...change }));
  const submit = useSubmitRevision({ selection: target.selection, reload: () => target.refetch(), onSaved: () => setRings([]) });

  return (
    <section className="revise-page" id="surface-revise" aria-labelledby="surface-revise-title">
      <RevisePageHeader id="surface-revise-title" title="route.surfaceRevise" hint="area.hint" target={target} />
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
            <BoundaryLayerSelect
              size="small"
              className="area-boundary"
              aria-label={t('area.boundary')}
              style={{ minWidth: 120 }}
              value={boundary?.id}
              boundaries={boundaries}
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
      <AreaList rings={rings} onRemove={(k) => setRings((list) => list.filter((_, i) => i !== k))} />
      <AreaSettingsForm settings={settings} onChange={set} unit={data?.unit} divideByZero={divideByZero} />
      <MeteogramDrawer place={meteogram.place} onClose={meteogram.close} />
      <RevisionFooter
        target={target}
        summary={summary}
        onSubmit={(leads) =>
          data ? submit(() => revisePolygon(polygonBody(data, leads, rings, settings)), previewOf(grid, patch)) : undefined
        }
      />
    </section>
  );
}
