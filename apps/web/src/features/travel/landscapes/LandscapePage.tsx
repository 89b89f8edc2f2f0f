import { PlusOutlined } from '@ant-design/icons';
import { LANDSCAPE_KINDS } from '@agromet/contracts/web';
import type { Landscape } from '@agromet/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { RecordLegend } from '../../../components/record-map/RecordLegend';
import { recordIdOf } from '../../../components/record-map/record-map-rules';
import { useFitOnFilters, useMapList } from '../../../components/record-map/use-map-list';
import { usePickingEditor } from '../../../components/record-map/use-picking-editor';
import { fitRecords, revealRecord, useRecordLayer } from '../../../components/record-map/use-record-layer';
import { regionFilter } from '../../../components/region-cascader/region-filter';
import { useDeleteLandscape, useLandscapePage, useLandscapesOnMap, type LandscapeFilters } from '../api/spots';
import { NS } from '../i18n';
import '../travel.css';
import { LandscapeFormModal, type Pos } from './LandscapeFormModal';
import { LandscapeDetails, useLandscapeColumns } from './LandscapeParts';
import { KIND_COLOURS } from './landscape-rules';

const LOOK = { colour: (l: Landscape) => KIND_COLOURS[l.kind], label: (l: Landscape) => l.name };
const position = (lon: number, lat: number): Pos => ({ lon, lat });

/**
 * /travel-manage/travel-landscape: seasonal landscapes as a table (name, kind, region) and on the map coloured by
 * kind; season and weather needs shown per landscape, in season or not today; create, edit, delete.
 */
export function LandscapePage() {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  useHideForecast(true);
  const fields = useMemo<FilterField<LandscapeFilters>[]>(
    () => [
      { kind: 'keyword', key: 'keyword', id: 'landscape-search', placeholder: t('landscape.searchPlaceholder'), width: 200 },
      {
        kind: 'select',
        key: 'kind',
        id: 'landscape-filter-kind',
        label: t('landscape.fields.kind'),
        width: 120,
        options: LANDSCAPE_KINDS.map((k) => ({ value: k, label: t(`landscape.kinds.${k}`) })),
      },
      regionFilter('code', 'landscape-filter-region', t('landscape.region'), 200),
    ],
    [t],
  );
  const list = useListPage<Landscape, LandscapeFilters, ReturnType<typeof useLandscapePage>>({
    filters: fields,
    pageSize: 10,
    useRows: useLandscapePage,
  });
  const onMap = useLandscapesOnMap(list.filters);
  const items = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const selection = useMapList<Landscape>({
    reveal: (l) => revealRecord(map, l),
    details: (l) => <LandscapeDetails landscape={l} />,
  });
  const editor = usePickingEditor<Landscape, Pos>(position);
  const remove = useDeleteLandscape();
  const confirmDelete = useConfirmDelete();
  const at = useRecordLayer(map, items, LOOK, selection.selectedId, editor.draft, 'landscapes');
  useFitOnFilters(onMap, list.filters, () => fitRecords(map, items));
  useMapClicks(selection.onMapClick((pixel) => recordIdOf(at(pixel)), editor.onMapClick));
  const askDelete = useCallback((l: Landscape) => confirmDelete(l.name, () => remove.mutateAsync(l.id)), [confirmDelete, remove]);
  const columns = useLandscapeColumns(editor.edit, askDelete);

  return (
    <ListPageView
      id="landscape-page"
      titleKey="travelLandscape"
      className="map-panel-page tr-page"
      data={{ 'data-map-records': items.length, 'data-selected': selection.selectedId ?? '' }}
      list={list}
      actions={[
        {
          id: 'landscape-create',
          label: t('common.create'),
          icon: <PlusOutlined aria-hidden />,
          primary: true,
          onClick: () => editor.edit(null),
        },
      ]}
      above={
        <RecordLegend
          id="landscape-legend"
          title={t('landscape.legend')}
          items={LANDSCAPE_KINDS.map((k) => ({ colour: KIND_COLOURS[k], label: t(`landscape.kinds.${k}`) }))}
        />
      }
      table={{ id: 'landscape-table', columns, ...selection.table }}
    >
      {editor.editing ? (
        <LandscapeFormModal
          landscape={editor.editing.record}
          picker={editor.picker}
          onSaved={selection.savedWith(editor.close)}
          onClose={editor.close}
        />
      ) : null}
    </ListPageView>
  );
}
