import { revisePoints, sampleBilinear } from '@agromet/grid';
import { Button, Form, InputNumber, Space } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MeteogramDrawer } from '../../../components/meteogram/MeteogramDrawer';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { MeteogramModeSwitch, useMeteogramMode } from '../common/meteogram-mode';
import { StationPick } from '../common/StationPick';
import { revisePoint, useStationOptions } from './api';
import { previewOf } from './grid-patch';
import { REVISE_EDIT_NS } from './i18n';
import { pointBody, roundTo, summarizePatch, type RevisionPoint } from './revise-rules';
import { RevisePageHeader } from './RevisePageHeader';
import { PointsTable } from './PointsTable';
import { RevisionFooter } from './RevisionFooter';
import { usePointsLayer } from './use-points-layer';
import { useFreshPatchLayer } from './use-fresh-patch-layer';
import { usePreviewLayer } from './use-preview-layer';
import { useRevisionTarget } from './use-revision-target';
import { useSubmitRevision } from './use-submit-revision';
import './revise.css';
import { labelledGridKey, useMapStore } from '../../../components/map/map-store';

const DEFAULT_RADIUS_KM = 30;

/** Point revision: targets at points (clicked on the map or stations) spread within their radius. */
export function PointRevisePage() {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const target = useRevisionTarget();
  const { grid, data } = target;
  const [points, setPoints] = useState<RevisionPoint[]>([]);
  const setLabelled = useMapStore((s) => s.setLabelled);
  const [radius, setRadius] = useState(DEFAULT_RADIUS_KM);
  const nextKey = useRef(1);
  const stations = useStationOptions();
  // Meteogram mode: a click on the map (or a station picked) opens the point's time series instead of adding a point.
  const meteogram = useMeteogramMode(target.selection);

  const addPoint = (lon: number, lat: number, station?: string) => {
    if (!grid || !data) return;
    const current = sampleBilinear(grid, lon, lat);
    if (Number.isNaN(current)) return;
    setPoints((list) => [
      ...list,
      {
        key: String(nextKey.current++),
        lon,
        lat,
        value: roundTo(current, data.precision),
        radiusKm: radius,
        ...(station ? { station } : {}),
      },
    ]);
  };
  useMapClicks(({ lon, lat }) => (meteogram.mode ? meteogram.open({ lon, lat }) : addPoint(lon, lat)));
  usePointsLayer(points);

  // The preview: the very patch the server will apply, computed here with the same grid package.
  const min = data?.min;
  const max = data?.max;
  const range = useMemo(() => (min !== undefined && max !== undefined ? { min, max } : undefined), [min, max]);
  const patch = useMemo(() => (grid && points.length ? revisePoints(grid, points, range) : null), [grid, points, range]);
  const summary = useMemo(() => (patch && grid ? summarizePatch(patch, grid.nx) : null), [patch, grid]);
  usePreviewLayer(grid, patch, summary, target.factor?.colormap);
  useFreshPatchLayer(target.selection, target.factor?.colormap);

  const update = (key: string, change: Partial<RevisionPoint>) =>
    setPoints((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const submit = useSubmitRevision({
    selection: target.selection,
    reload: () => target.refetch(),
    onSaved: () => setPoints([]),
    // The map's point values label the revised cells themselves, not their thinned neighbours (a store the map reads at
    // once: set after the patch has been asked for and taken, so that its re-render does not hold the patch up).
    onTaken: () => {
      if (target.selection)
        setLabelled({
          grid: labelledGridKey(target.selection),
          points: points.map((p) => [Math.round(p.lon * 1e5) / 1e5, Math.round(p.lat * 1e5) / 1e5]),
        });
    },
  });

  return (
    <section className="revise-page" id="point-revise" aria-labelledby="point-revise-title">
      <RevisePageHeader id="point-revise-title" title="route.pointRevise" hint="point.hint" target={target} />
      <Space wrap size={8} className="revise-tools">
        <Form.Item label={t('point.defaultRadius')} className="revise-inline-item">
          <InputNumber
            id="revise-default-radius"
            size="small"
            min={1}
            max={500}
            value={radius}
            onChange={(v) => setRadius(v ?? DEFAULT_RADIUS_KM)}
          />
        </Form.Item>
        <StationPick
          stations={stations.data?.list ?? []}
          label={t('point.pickStation')}
          className="revise-station-pick"
          onPick={(s) => (meteogram.mode ? meteogram.open({ station: s.id }) : addPoint(s.longitude, s.latitude, s.name))}
        />
        <MeteogramModeSwitch checked={meteogram.mode} onChange={meteogram.setMode} />
        <Button size="small" onClick={() => setPoints([])} disabled={points.length === 0}>
          {t('point.clear')}
        </Button>
      </Space>
      <PointsTable
        points={points}
        grid={grid}
        data={data}
        onChange={update}
        onRemove={(key) => setPoints((list) => list.filter((x) => x.key !== key))}
        onMeteogram={(p) => meteogram.open({ lon: p.lon, lat: p.lat })}
      />
      <MeteogramDrawer place={meteogram.place} onClose={meteogram.close} />
      <RevisionFooter
        target={target}
        summary={summary}
        onSubmit={(leads) => (data ? submit(() => revisePoint(pointBody(data, leads, points)), previewOf(grid, patch)) : undefined)}
      />
    </section>
  );
}
