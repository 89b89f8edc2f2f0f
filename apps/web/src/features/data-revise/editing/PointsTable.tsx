import { DeleteOutlined, LineChartOutlined } from '@ant-design/icons';
import type { Grid } from '@agromet/grid';
import { sampleBilinear } from '@agromet/grid';
import { Button, InputNumber, Table, type TableColumnType } from 'antd';
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
  // A column whose cell edits one number of the point in place (its target value, its radius).
  const numberColumn = (
    field: 'value' | 'radiusKm',
    title: string,
    width: number,
    input: { className: string; label: string; min?: number; max?: number },
  ): TableColumnType<RevisionPoint> => ({
    title,
    width,
    render: (_, p) => (
      <InputNumber
        size="small"
        className={input.className}
        aria-label={input.label}
        value={p[field]}
        min={input.min}
        max={input.max}
        onChange={(v) => v !== null && onChange(p.key, { [field]: v })}
      />
    ),
  });
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
        numberColumn('value', `${t('point.value')}${data?.unit ? ` (${data.unit})` : ''}`, 100, {
          className: 'revise-point-value',
          label: t('point.value'),
          min: data?.min,
          max: data?.max,
        }),
        numberColumn('radiusKm', t('point.radius'), 90, { className: 'revise-point-radius', label: t('point.radius'), min: 1, max: 500 }),
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
