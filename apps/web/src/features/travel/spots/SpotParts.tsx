import type { Spot, SpotGrade } from '@agromet/contracts';
import { Descriptions, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';
import { RecordLegend } from '../../../components/record-map/RecordLegend';
import { NS } from '../i18n';
import { TravelWeatherPanel } from '../weather/TravelWeatherPanel';
import { GRADE_COLOURS, gradeLabel } from './spot-rules';

/** The spots table's columns: name, grade, region, ticket price, published, and edit/delete. */
export function useSpotColumns(edit: (s: Spot) => void, askDelete: (s: Spot) => void): FitColumn<Spot>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<Spot>[]>(
    () => [
      { title: t('spot.fields.name'), dataIndex: 'name', ellipsis: true },
      {
        title: t('spot.fields.grade'),
        dataIndex: 'grade',
        width: 70,
        render: (g: SpotGrade) => (g ? <Tag color={GRADE_COLOURS[g]}>{gradeLabel(g)}</Tag> : null),
      },
      { title: t('spot.fields.regionCode'), dataIndex: 'regionName', ellipsis: true },
      { title: t('spot.fields.ticketPrice'), dataIndex: 'ticketPrice', align: 'right', width: 80, render: (v: number | null) => v ?? '—' },
      {
        title: t('spot.fields.published'),
        dataIndex: 'published',
        width: 84,
        render: (p: boolean) => <Tag color={p ? 'green' : 'default'}>{p ? t('spot.published') : t('spot.draft')}</Tag>,
      },
      rowActionsColumn(
        t('common.actions'),
        editDeleteActions<Spot>(t, (s) => s.name, edit, askDelete),
        72,
      ),
    ],
    [t, edit, askDelete],
  );
}

/** A selected spot, open under its row: address, hours, phone, position, comments, description, photos and weather. */
export function SpotDetails({ spot: s }: { spot: Spot }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Descriptions size="small" column={2} id={`spot-detail-${s.id}`}>
        <Descriptions.Item label={t('spot.fields.address')}>{s.address}</Descriptions.Item>
        <Descriptions.Item label={t('spot.fields.openingHours')}>{s.openingHours}</Descriptions.Item>
        <Descriptions.Item label={t('spot.fields.phone')}>{s.phone}</Descriptions.Item>
        <Descriptions.Item label={`${t('spot.fields.lon')}, ${t('spot.fields.lat')}`}>{`${s.lon}, ${s.lat}`}</Descriptions.Item>
        <Descriptions.Item span={2}>
          <Typography.Text type="secondary">
            {s.comments > 0 ? t('spot.comments', { count: s.comments, rating: s.rating }) : t('spot.noComments')}
          </Typography.Text>
        </Descriptions.Item>
        {s.description ? (
          <Descriptions.Item label={t('spot.fields.description')} span={2}>
            <p className="tr-text">{s.description}</p>
          </Descriptions.Item>
        ) : null}
        {s.photos.length > 0 ? (
          <Descriptions.Item label={t('spot.fields.photos')} span={2}>
            <div className="tr-photos">
              {s.photos.map((p) => (
                <div className="tr-photo" key={p}>
                  <img src={p} alt="" />
                </div>
              ))}
            </div>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <TravelWeatherPanel targetType="spot" id={s.id} />
    </>
  );
}

/** The grades' colours with how many of the spots on the map have each (2A and A share a colour and an entry). */
export function SpotLegend({ spots }: { spots: readonly Spot[] }) {
  const { t } = useTranslation(NS);
  const counts = useMemo(() => {
    const c = new Map<string, number>();
    for (const s of spots) c.set(gradeLabel(s.grade) || t('spot.noGrade'), (c.get(gradeLabel(s.grade) || t('spot.noGrade')) ?? 0) + 1);
    return c;
  }, [spots, t]);
  return (
    <RecordLegend
      id="spot-legend"
      title={t('spot.legend')}
      items={(['AAAAA', 'AAAA', 'AAA', 'AA', ''] as const).map((g) => {
        const label = gradeLabel(g) || t('spot.noGrade');
        return {
          colour: GRADE_COLOURS[g],
          label: g === 'AA' ? `2A/A` : label,
          count: g === 'AA' ? (counts.get('2A') ?? 0) + (counts.get('A') ?? 0) : (counts.get(label) ?? 0),
        };
      })}
    />
  );
}
