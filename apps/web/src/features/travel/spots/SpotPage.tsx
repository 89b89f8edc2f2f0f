import { PlusOutlined } from '@ant-design/icons';
import { SPOT_GRADES } from '@agromet/contracts/web';
import type { Spot } from '@agromet/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useListPage, yesNoOptions, type FilterField } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { recordIdOf } from '../../../components/record-map/record-map-rules';
import { fitRecords, revealRecord, useRecordLayer } from '../../../components/record-map/use-record-layer';
import { useFitOnFilters, useMapList } from '../../../components/record-map/use-map-list';
import { usePickingEditor } from '../../../components/record-map/use-picking-editor';
import { regionFilter } from '../../../components/region-cascader/region-filter';
import { useDeleteSpot, useSpotPage, useSpotsOnMap, type SpotFilters } from '../api/spots';
import { NS } from '../i18n';
import '../travel.css';
import { SpotFormModal, type PickedPosition } from './SpotFormModal';
import { SpotDetails, SpotLegend, useSpotColumns } from './SpotParts';
import { GRADE_COLOURS, gradeLabel } from './spot-rules';

const LOOK = { colour: (s: Spot) => GRADE_COLOURS[s.grade], rank: (s: Spot) => s.grade.length, label: (s: Spot) => s.name };
const position = (lon: number, lat: number): PickedPosition => ({ lon, lat });

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
        options: yesNoOptions(t('spot.published'), t('spot.draft')),
      },
    ],
    [t],
  );
  const list = useListPage<Spot, SpotFilters, ReturnType<typeof useSpotPage>>({ filters: fields, pageSize: 10, useRows: useSpotPage });
  const onMap = useSpotsOnMap(list.filters);
  const spots = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const selection = useMapList<Spot>({
    reveal: (s) => revealRecord(map, s),
    details: (s) => <SpotDetails spot={s} />,
  });
  const editor = usePickingEditor<Spot, PickedPosition>(position);
  const remove = useDeleteSpot();
  const confirmDelete = useConfirmDelete();
  const spotAt = useRecordLayer(map, spots, LOOK, selection.selectedId, editor.draft, 'spots');
  useFitOnFilters(onMap, list.filters, () => fitRecords(map, spots));
  useMapClicks(selection.onMapClick((pixel) => recordIdOf(spotAt(pixel)), editor.onMapClick));
  const askDelete = useCallback((s: Spot) => confirmDelete(s.name, () => remove.mutateAsync(s.id)), [confirmDelete, remove]);
  const columns = useSpotColumns(editor.edit, askDelete);

  return (
    <ListPageView
      id="spot-page"
      titleKey="travelScenic"
      className="map-panel-page tr-page"
      data={{ 'data-map-records': spots.length, 'data-selected': selection.selectedId ?? '' }}
      list={list}
      actions={[
        {
          id: 'spot-create',
          label: t('common.create'),
          icon: <PlusOutlined aria-hidden />,
          primary: true,
          onClick: () => editor.edit(null),
        },
      ]}
      above={
        <>
          <SpotLegend spots={spots} />
          <div className="list-hint">{t('spot.mapHint')}</div>
        </>
      }
      table={{ id: 'spot-table', columns, ...selection.table }}
    >
      {editor.editing ? (
        <SpotFormModal
          spot={editor.editing.record}
          picker={editor.picker}
          onSaved={selection.savedWith(editor.close)}
          onClose={editor.close}
        />
      ) : null}
    </ListPageView>
  );
}
