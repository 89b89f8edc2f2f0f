import { PlusOutlined } from '@ant-design/icons';
import { SPOT_GRADES } from '@agromet/contracts/web';
import type { Spot, SpotGrade } from '@agromet/contracts';
import { Descriptions, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { RecordLegend } from '../../../components/record-map/RecordLegend';
import { fitRecords, revealRecord, useRecordLayer } from '../../../components/record-map/use-record-layer';
import { useDeleteSpot, useSpotPage, useSpotsOnMap, type SpotFilters } from '../api/spots';
import { TravelWeatherPanel } from '../weather/TravelWeatherPanel';
import { NS } from '../i18n';
import '../travel.css';
import { SpotFormModal, type PickedPosition } from './SpotFormModal';
import { GRADE_COLOURS, gradeLabel } from './spot-rules';
import { regionFilter } from '../../../components/region-cascader/region-filter';

/**
 * /travel-manage/travel-scenic: the customer's scenic spots as a table (filters: name, grade, region, published) and as
 * points on the map coloured by grade (clustered where they crowd, as the disaster records); create and edit with the
 * position picked on the map and photos from the image upload; delete (with the spot's comments).
 */
export function SpotPage() {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  useHideForecast(true);
  const fields = useMemo<FilterField<SpotFilters>[]>(
    () => [
      { kind: 'keyword', key: 'keyword', id: 'spot-search', placeholder: t('spot.searchPlaceholder'), width: 200 },
      {
        kind: 'select',
        key: 'grade',
        id: 'spot-filter-grade',
        label: t('spot.fields.grade'),
        width: 110,
        options: SPOT_GRADES.map((g) => ({ value: g, label: g === '' ? t('spot.noGrade') : gradeLabel(g) })),
      },
      regionFilter('code', 'spot-filter-region', t('spot.region'), 200),
      {
        kind: 'select',
        key: 'published',
        id: 'spot-filter-published',
        label: t('spot.publishedFilter'),
        width: 120,
        options: [
          { value: 'true', label: t('spot.published') },
          { value: 'false', label: t('spot.draft') },
        ],
      },
    ],
    [t],
  );
  const list = useListPage<Spot, SpotFilters, ReturnType<typeof useSpotPage>>({ filters: fields, pageSize: 10, useRows: useSpotPage });
  const { filters } = list;
  const onMap = useSpotsOnMap(filters);
  const spots = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const editor = useEditor<Spot>();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<PickedPosition | null>(null);
  const [draft, setDraft] = useState<PickedPosition | null>(null);
  const remove = useDeleteSpot();
  const confirmDelete = useConfirmDelete();

  const look = useMemo(
    () => ({ colour: (s: Spot) => GRADE_COLOURS[s.grade], rank: (s: Spot) => s.grade.length, label: (s: Spot) => s.name }),
    [],
  );
  const spotAt = useRecordLayer(map, spots, look, selectedId, editor.editing && picking ? draft : null, 'spots');

  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const key = JSON.stringify(filters);
    if (!onMap.data || onMap.isPlaceholderData || fitted.current === key) return;
    fitted.current = key;
    fitRecords(map, spots);
  }, [map, onMap.data, onMap.isPlaceholderData, spots, filters]);

  useMapClicks(({ lon, lat, pixel }) => {
    if (editor.editing) {
      if (picking) setPicked({ lon, lat });
      return;
    }
    const hit = spotAt(pixel);
    if (hit?.kind === 'record') setSelectedId(hit.id);
  });

  const openEditor = editor.open;
  const edit = useCallback(
    (spot: Spot | null) => {
      setPicked(null);
      setDraft(null);
      setPicking(spot === null);
      openEditor(spot);
    },
    [openEditor],
  );
  const askDelete = useCallback((s: Spot) => confirmDelete(s.name, () => remove.mutateAsync(s.id)), [confirmDelete, remove]);

  const columns = useMemo<FitColumn<Spot>[]>(
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

  const details = (s: Spot) => (
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

  const counts = useMemo(() => {
    const c = new Map<string, number>();
    for (const s of spots) c.set(gradeLabel(s.grade) || t('spot.noGrade'), (c.get(gradeLabel(s.grade) || t('spot.noGrade')) ?? 0) + 1);
    return c;
  }, [spots, t]);

  return (
    <ListPageView
      id="spot-page"
      titleKey="travelScenic"
      className="tr-page"
      data={{ 'data-map-records': spots.length, 'data-selected': selectedId ?? '', 'data-total': list.rows.data?.total ?? '' }}
      list={list}
      actions={[
        { id: 'spot-create', label: t('common.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => edit(null) },
      ]}
      above={
        <>
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
          <div className="tr-hint">{t('spot.mapHint')}</div>
        </>
      }
      table={{
        id: 'spot-table',
        columns,
        expandable: { expandedRowRender: details, expandedRowKeys: selectedId !== null ? [selectedId] : [], showExpandColumn: false },
        rowClassName: (s) => (s.id === selectedId ? 'tr-row-selected' : ''),
        onRow: (s) => ({
          onClick: () => {
            setSelectedId((id) => (id === s.id ? null : s.id));
            revealRecord(map, s);
          },
        }),
      }}
    >
      {editor.editing ? (
        <SpotFormModal
          spot={editor.editing.record}
          picking={picking}
          onPickingChange={setPicking}
          picked={picked}
          onPositionChange={setDraft}
          onSaved={(saved) => {
            editor.close();
            setSelectedId(saved.id);
          }}
          onClose={editor.close}
        />
      ) : null}
    </ListPageView>
  );
}
