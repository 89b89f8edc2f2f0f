import { DeleteOutlined, DownloadOutlined, EyeOutlined, FileZipOutlined, ReloadOutlined } from '@ant-design/icons';
import type { DownloadItem, DownloadKind } from '@agromet/contracts';
import { DOWNLOAD_KINDS } from '@agromet/contracts/web';
import { Button, DatePicker, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, KeywordSearch, ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useKeyword, usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { logUnlessShown } from '../../../lib/shown-failure';
import { downloadItem, downloadZip, useDeleteDownloads, useLibraryPage } from '../api/library';
import { useForecastCatalog } from '../api/station-table';
import { formatDateTime } from '../format';
import { NS } from '../i18n';
import { formatSize } from '../../../lib/format-size';
import { deleteBlocker, keptSelection, namesForConfirm } from './library-rules';
import { PreviewModal } from './PreviewModal';
import { Thumbnail } from './Thumbnail';
import { useDateInputFormats } from '../../../lib/date-input';
import { useFeedback } from '../../../lib/feedback';

export const KIND_COLORS: Record<DownloadKind, string> = {
  'map-product': 'blue',
  'risk-product': 'volcano',
  'forecast-file': 'geekblue',
  zoning: 'green',
  'station-table': 'purple',
};

/** The library: every file made for the customer, filtered, previewed, downloaded one by one or as a zip, deleted. */
export function LibraryTab() {
  const { t } = useTranslation(NS);
  const dateFormats = useDateInputFormats();
  const { message, modal } = useFeedback();
  const [kind, setKind] = useState<DownloadKind | undefined>();
  const [type, setType] = useState<string | undefined>();
  const [factor, setFactor] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [author, setAuthor] = useState('');
  const { paging, setPaging, toFirstPage } = usePaging();
  const [name, search] = useKeyword(toFirstPage);
  const filters = {
    kind,
    type,
    factor,
    from: range?.[0]?.startOf('day').toISOString(),
    to: range?.[1]?.endOf('day').toISOString(),
    author,
    name,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');
  const query = useLibraryPage(filters, paging);
  const tableProps = usePagedTableProps(query, paging, setPaging);
  const catalog = useForecastCatalog();
  const remove = useDeleteDownloads();
  const confirmDelete = useConfirmDelete();
  const [selected, setSelected] = useState<string[]>([]);
  const [previewing, setPreviewing] = useState<DownloadItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const list = query.data?.list;
  useEffect(() => {
    if (list) setSelected((s) => keptSelection(s, list));
  }, [list]);

  const types = catalog.data ?? [];
  const factors = types.find((x) => x.code === type)?.factors ?? [];

  const download = async (item: DownloadItem) => {
    setBusy(item.id);
    try {
      await downloadItem(item);
    } catch (e) {
      logUnlessShown(e, 'download');
    } finally {
      setBusy(null);
    }
  };

  const zip = async () => {
    setBusy('zip');
    const hide = message.loading(t('zipping', { count: selected.length }), 0);
    try {
      await downloadZip(selected);
    } catch (e) {
      logUnlessShown(e, 'zip');
    } finally {
      hide();
      setBusy(null);
    }
  };

  const items = list ?? [];
  const chosen = items.filter((i) => selected.includes(i.id));
  const deletableChosen = chosen.length > 0 && chosen.every((i) => i.deletable);

  const deleteSelected = () => {
    modal.confirm({
      title: t('deleteSelectedTitle'),
      content: t('deleteSelectedBody', { count: chosen.length, names: namesForConfirm(chosen.map((i) => i.name)) }),
      okType: 'danger',
      okText: t('action.delete'),
      okButtonProps: { id: 'confirm-delete' },
      onOk: async () => {
        try {
          const { deleted } = await remove.mutateAsync(chosen.map((i) => i.id));
          setSelected([]);
          void message.success(t('deleted', { count: deleted }));
        } catch (e) {
          logUnlessShown(e, 'delete');
        }
      },
    });
  };

  const columns = useMemo<FitColumn<DownloadItem>[]>(
    () => [
      {
        title: t('column.name'),
        dataIndex: 'name',
        width: 240,
        render: (value: string, row) => (
          <div className="dl-name">
            <Thumbnail item={row} />
            <Typography.Text className="dl-name-text" ellipsis={{ tooltip: value }}>
              {value}
            </Typography.Text>
          </div>
        ),
      },
      {
        title: t('column.kind'),
        dataIndex: 'kind',
        width: 130,
        render: (k: DownloadKind, row) => (
          <div className="dl-two-lines">
            <Tag color={KIND_COLORS[k]}>{t(`kind.${k}`)}</Tag>
            <div className="dl-format">{row.format.toUpperCase()}</div>
          </div>
        ),
      },
      {
        title: t('column.forecast'),
        key: 'forecast',
        width: 190,
        render: (_, row) =>
          row.forecastType ? (
            <div className="dl-two-lines">
              <div>{[row.forecastTypeName ?? row.forecastType, row.factorName ?? row.factor].filter(Boolean).join(' · ')}</div>
              {row.baseTime ? <Typography.Text type="secondary">{t('run', { time: formatDateTime(row.baseTime) })}</Typography.Text> : null}
            </div>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          ),
      },
      {
        title: t('column.size'),
        dataIndex: 'size',
        width: 100,
        align: 'right',
        render: (size: number | null) => formatSize(size) ?? <Typography.Text type="secondary">{t('sizeUnknown')}</Typography.Text>,
      },
      {
        title: t('column.made'),
        key: 'made',
        width: 150,
        render: (_, row) => (
          <div className="dl-two-lines">
            <div>{formatDateTime(row.createdAt)}</div>
            <Typography.Text type="secondary">{row.author}</Typography.Text>
          </div>
        ),
      },
      {
        title: t('column.actions'),
        key: 'actions',
        fixed: 'right',
        width: 120,
        render: (_, row) => {
          const blocker = deleteBlocker(row);
          return (
            <Space size={0}>
              <Tooltip title={row.previewable ? t('action.preview') : t('preview.none')}>
                <Button
                  type="link"
                  size="small"
                  className="dl-preview"
                  icon={<EyeOutlined aria-hidden />}
                  aria-label={`${t('action.preview')} ${row.name}`}
                  disabled={!row.previewable}
                  onClick={() => setPreviewing(row)}
                />
              </Tooltip>
              <Tooltip title={t('action.download')}>
                <Button
                  type="link"
                  size="small"
                  className="dl-download"
                  icon={<DownloadOutlined aria-hidden />}
                  aria-label={`${t('action.download')} ${row.name}`}
                  loading={busy === row.id}
                  onClick={() => void download(row)}
                />
              </Tooltip>
              <Tooltip title={blocker ? t(blocker) : t('action.delete')}>
                <Button
                  type="link"
                  size="small"
                  danger
                  className="dl-delete"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`${t('action.delete')} ${row.name}`}
                  disabled={blocker !== null}
                  onClick={() => confirmDelete(row.name, () => remove.mutateAsync([row.id]))}
                />
              </Tooltip>
            </Space>
          );
        },
      },
    ],
    [t, busy, confirmDelete, remove],
  );
  const fitted = useFittedTable(columns, tableProps.dataSource);

  return (
    <>
      <div className="list-toolbar dl-toolbar">
        <FilterSelect<DownloadKind>
          id="dl-kind-filter"
          label={t('filter.kind')}
          width={150}
          value={kind}
          options={DOWNLOAD_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          onChange={(v) => {
            setKind(v);
            toFirstPage();
          }}
        />
        <FilterSelect<string>
          id="dl-type-filter"
          label={t('filter.type')}
          width={170}
          value={type}
          loading={catalog.isPending}
          options={types.map((x) => ({ value: x.code, label: x.name }))}
          onChange={(v) => {
            setType(v);
            setFactor(undefined);
            toFirstPage();
          }}
        />
        <FilterSelect<string>
          id="dl-factor-filter"
          label={t('filter.factor')}
          width={140}
          value={factor}
          options={factors.map((f) => ({ value: f.code, label: f.name }))}
          onChange={(v) => {
            setFactor(v);
            toFirstPage();
          }}
        />
        <DatePicker.RangePicker
          id="dl-time-filter"
          format={dateFormats}
          aria-label={t('filter.time')}
          placeholder={[t('filter.from'), t('filter.to')]}
          allowEmpty={[true, true]}
          value={range}
          style={{ width: 250 }}
          onChange={(v) => {
            setRange(v);
            toFirstPage();
          }}
        />
        <Input
          id="dl-author-filter"
          aria-label={t('filter.author')}
          placeholder={t('filter.author')}
          allowClear
          maxLength={64}
          style={{ width: 120 }}
          onPressEnter={(e) => {
            setAuthor(e.currentTarget.value.trim());
            toFirstPage();
          }}
          onChange={(e) => {
            if (e.target.value === '') {
              setAuthor('');
              toFirstPage();
            }
          }}
          onBlur={(e) => {
            if (e.target.value.trim() !== author) {
              setAuthor(e.target.value.trim());
              toFirstPage();
            }
          }}
        />
        <KeywordSearch id="dl-name-search" placeholder={t('filter.name')} width={240} onSearch={search} />
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
        <Button id="dl-delete-selected" danger icon={<DeleteOutlined aria-hidden />} disabled={!deletableChosen} onClick={deleteSelected}>
          {t('action.deleteSelected', { count: selected.length })}
        </Button>
        <Tooltip title={t('action.refresh')}>
          <Button
            id="dl-refresh"
            icon={<ReloadOutlined aria-hidden />}
            aria-label={t('action.refresh')}
            onClick={() => void query.refetch()}
          />
        </Tooltip>
      </div>
      <Table<DownloadItem>
        id="dl-table"
        size="middle"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: false }}
        locale={{ emptyText: filtered ? t('noMatch') : t('empty') }}
        {...tableProps}
        // Laid out by the columns' widths: wider than the panel, it scrolls sideways under the fixed actions.
        {...fitted}
      />
      {previewing ? (
        <PreviewModal item={previewing} onClose={() => setPreviewing(null)} onDownload={() => void download(previewing)} />
      ) : null}
    </>
  );
}
