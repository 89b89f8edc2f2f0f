import { DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { DownloadItem, DownloadKind } from '@agromet/contracts';
import { Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction, type FitColumn } from '../../../components/admin-list/table-columns';
import { formatSize } from '../../../lib/format-size';
import { formatDateTime } from '../../../lib/format-time';
import { NS } from '../i18n';
import { deleteBlocker } from './library-rules';
import { Thumbnail } from './Thumbnail';

const KIND_COLORS: Record<DownloadKind, string> = {
  'map-product': 'blue',
  'risk-product': 'volcano',
  'forecast-file': 'geekblue',
  zoning: 'green',
  'station-table': 'purple',
};

/** What a row's buttons do; `busy` is the item being downloaded. */
export interface LibraryRowHandlers {
  busy: string | null;
  preview: (row: DownloadItem) => void;
  download: (row: DownloadItem) => void;
  remove: (row: DownloadItem) => void;
}

/** The library's columns: name with its thumbnail, kind and format, forecast, size, made when and by whom, actions. */
export function useLibraryColumns(handlers: LibraryRowHandlers): FitColumn<DownloadItem>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<DownloadItem>[]>(
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
      { title: t('column.forecast'), key: 'forecast', width: 190, render: (_, row) => <ForecastCell row={row} /> },
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
        render: (_, row) => <LibraryRowActions row={row} handlers={handlers} />,
      },
    ],
    [t, handlers],
  );
}

/** The forecast a file was made from: type and factor, and its run; a dash for files not made from one. */
function ForecastCell({ row }: { row: DownloadItem }) {
  const { t } = useTranslation(NS);
  if (!row.forecastType) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div className="dl-two-lines">
      <div>{[row.forecastTypeName ?? row.forecastType, row.factorName ?? row.factor].filter(Boolean).join(' · ')}</div>
      {row.baseTime ? <Typography.Text type="secondary">{t('run', { time: formatDateTime(row.baseTime) })}</Typography.Text> : null}
    </div>
  );
}

/** A row's icon buttons: preview (when the file has one), download, delete (else why not, in its tooltip). */
function LibraryRowActions({ row, handlers }: { row: DownloadItem; handlers: LibraryRowHandlers }) {
  const { t } = useTranslation(NS);
  const blocker = deleteBlocker(row);
  return (
    <Space size={0}>
      <RowAction
        size="small"
        className="dl-preview"
        icon={<EyeOutlined aria-hidden />}
        label={`${t('action.preview')} ${row.name}`}
        tip={row.previewable ? t('action.preview') : t('preview.none')}
        disabled={!row.previewable}
        onClick={() => handlers.preview(row)}
      />
      <RowAction
        size="small"
        className="dl-download"
        icon={<DownloadOutlined aria-hidden />}
        label={`${t('action.download')} ${row.name}`}
        tip={t('action.download')}
        loading={handlers.busy === row.id}
        onClick={() => handlers.download(row)}
      />
      <RowAction
        size="small"
        danger
        className="dl-delete"
        icon={<DeleteOutlined aria-hidden />}
        label={`${t('action.delete')} ${row.name}`}
        tip={blocker ? t(blocker) : t('action.delete')}
        disabled={blocker !== null}
        onClick={() => handlers.remove(row)}
      />
    </Space>
  );
}
