import { DeleteOutlined, FileZipOutlined, ReloadOutlined } from '@ant-design/icons';
import type { DownloadItem, DownloadKind } from '@agromet/contracts';
import { Button, Table, Tooltip } from 'antd';
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { useListPage } from '../../../components/admin-list/use-list-page';
import { DEFAULT_PAGE_SIZE, type Paging } from '../../../lib/list-query';
import { useLibraryPage } from '../api/library';
import { NS } from '../i18n';
import { useLibraryColumns } from './LibraryColumns';
import { useLibraryFields } from './LibraryFilters';
import { anyFilter, keptSelection, type LibraryListFilters } from './library-rules';
import { PreviewModal } from './PreviewModal';
import { useLibraryActions } from './use-library-actions';

function useLibraryRows(filters: LibraryListFilters, paging: Paging) {
  return useLibraryPage({ ...filters, kind: filters.kind as DownloadKind | undefined }, paging);
}

/** The library: every file made for the customer, filtered, previewed, downloaded one by one or as a zip, deleted. */
export function LibraryTab() {
  const { t } = useTranslation(NS);
  const list = useListPage<DownloadItem, LibraryListFilters, ReturnType<typeof useLibraryPage>>({
    filters: useLibraryFields(),
    pageSize: DEFAULT_PAGE_SIZE,
    useRows: useLibraryRows,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [previewing, setPreviewing] = useState<DownloadItem | null>(null);
  const { busy, download, zip, deleteSelected, remove } = useLibraryActions(selected, setSelected);
  const confirmDelete = useConfirmDelete();

  const items = list.rows.data?.list;
  // A selection outlives neither a delete nor a new filter.
  useEffect(() => {
    if (items) setSelected((s) => keptSelection(s, items));
  }, [items]);
  const chosen = (items ?? []).filter((i) => selected.includes(i.id));
  const deletableChosen = chosen.length > 0 && chosen.every((i) => i.deletable);

  const askDelete = useCallback(
    (row: DownloadItem) => confirmDelete(row.name, () => remove.mutateAsync([row.id])),
    [confirmDelete, remove],
  );
  const columns = useLibraryColumns(
    useMemo(
      () => ({ busy, preview: setPreviewing, download: (row) => void download(row), remove: askDelete }),
      [busy, download, askDelete],
    ),
  );
  const fitted = useFittedTable(columns, list.table.dataSource);

  return (
    <>
      <div className="list-toolbar dl-toolbar">
        {list.fields.map((f) =>
          f.kind === 'custom' ? (
            <Fragment key={f.key}>{f.render(list.filters[f.key], (v) => list.filter({ [f.key]: v }), list.filter, list.filters)}</Fragment>
          ) : null,
        )}
        <ToolbarSpacer />
        <Button
          id="dl-zip"
          icon={<FileZipOutlined aria-hidden />}
          disabled={selected.length === 0}
          loading={busy === 'zip'}
          onClick={() => void zip()}
        >
          {t('action.zip', { count: selected.length })}
        </Button>
        <Button
          id="dl-delete-selected"
          danger
          icon={<DeleteOutlined aria-hidden />}
          disabled={!deletableChosen}
          onClick={() => deleteSelected(chosen)}
        >
          {t('action.deleteSelected', { count: selected.length })}
        </Button>
        <Tooltip title={t('action.refresh')}>
          <Button
            id="dl-refresh"
            icon={<ReloadOutlined aria-hidden />}
            aria-label={t('action.refresh')}
            onClick={() => void list.rows.refetch()}
          />
        </Tooltip>
      </div>
      <Table<DownloadItem>
        id="dl-table"
        size="middle"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: false }}
        locale={{ emptyText: anyFilter(list.filters) ? t('noMatch') : t('empty') }}
        {...list.table}
        // Laid out by the columns' widths: wider than the panel, it scrolls sideways under the fixed actions.
        {...fitted}
      />
      {previewing ? (
        <PreviewModal item={previewing} onClose={() => setPreviewing(null)} onDownload={() => void download(previewing)} />
      ) : null}
    </>
  );
}
