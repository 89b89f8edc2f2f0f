import { DeleteOutlined, LineChartOutlined } from '@ant-design/icons';
import type { Grid } from '@agromet/grid';
import { sampleBilinear } from '@agromet/grid';
import { Button, InputNumber, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { METEOGRAM_NS } from '../../../components/meteogram/i18n';
import { REVISE_EDIT_NS } from './i18n';
import { roundTo, type RevisionPoint } from './revise-rules';
import type { RevisionTarget } from './use-revision-target';

/** The points of a point revision: where, the value there now, the target value and radius, its time series, remove. */
export function PointsTable({
  points,
  grid,
  data,
  onChange,
  onRemove,
  onMeteogram,
}: {
  points: RevisionPoint[];
  grid: Grid | null;
  data: RevisionTarget['data'];
  onChange: (key: string, change: Partial<RevisionPoint>) => void;
  onRemove: (key: string) => void;
  onMeteogram: (point: RevisionPoint) => void;
}) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const { t: tm } = useTranslation(METEOGRAM_NS);
  return (
    <Table<RevisionPoint>
      size="small"
      rowKey="key"
      className="revise-points"
      data-testid="revise-points"
      pagination={false}
      dataSource={points}
      locale={{ emptyText: t('point.empty') }}
      scroll={{ y: 240 }}
      columns={[
        { title: '#', width: 36, render: (_, __, k) => k + 1 },
        { title: t('point.lon'), dataIndex: 'lon', width: 76, render: (v: number, p) => (p.station ? `${p.station}` : v.toFixed(3)) },
        { title: t('point.lat'), dataIndex: 'lat', width: 64, render: (v: number) => v.toFixed(3) },
        {
          title: t('point.current'),
          width: 70,
          render: (_, p) => (grid ? roundTo(sampleBilinear(grid, p.lon, p.lat), data?.precision ?? 2) : ''),
        },
        {
          title: `${t('point.value')}${data?.unit ? ` (${data.unit})` : ''}`,
          width: 100,
          render: (_, p) => (
            <InputNumber
              size="small"
              className="revise-point-value"
              aria-label={t('point.value')}
              value={p.value}
              min={data?.min}
              max={data?.max}
              step={1}
              onChange={(v) => v !== null && onChange(p.key, { value: v })}
            />
          ),
        },
        {
          title: t('point.radius'),
          width: 90,
          render: (_, p) => (
            <InputNumber
              size="small"
              className="revise-point-radius"
              aria-label={t('point.radius')}
              value={p.radiusKm}
              min={1}
              max={500}
              onChange={(v) => v !== null && onChange(p.key, { radiusKm: v })}
            />
          ),
        },
        {
          width: 36,
          render: (_, p) => (
            <Button
              size="small"
              type="text"
              className="revise-point-meteogram"
              icon={<LineChartOutlined />}
              aria-label={tm('show')}
              title={tm('show')}
              onClick={() => onMeteogram(p)}
            />
          ),
        },
        {
          width: 40,
          render: (_, p) => (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('point.remove')}
              onClick={() => onRemove(p.key)}
            />
          ),
        },
      ]}
    />
  );
}
