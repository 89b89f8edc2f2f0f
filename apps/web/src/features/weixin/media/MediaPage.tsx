import { DeleteOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { WX_MEDIA_LIMITS, WX_MEDIA_TYPES, type WxMediaType } from '@agromet/contracts/web';
import type { WxMedia } from '@agromet/contracts';
import { Button, Modal, Select, Space, Table, Tabs, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/admin-list/ListPage';
import { ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { RowAction, actionColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { formatSize } from '../../../lib/format-size';
import { fetchMediaPreview, useAccounts, useDeleteMedia, useMediaPage, useUploadMedia } from '../api/weixin';
import { NS } from '../i18n';
import '../weixin.css';
import { useFeedback } from '../../../lib/feedback';

const limitText = (type: WxMediaType) => formatSize(WX_MEDIA_LIMITS[type].maxBytes);

/** Our copy of a medium, shown as the browser can: a picture, a player for voice and video. */
function Preview({ media, onClose }: { media: WxMedia; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let shown: string | null = null;
    void fetchMediaPreview(media.id).then((u) => {
      shown = u;
      setUrl(u);
    });
    return () => {
      if (shown) URL.revokeObjectURL(shown);
    };
  }, [media.id]);
  return (
    <Modal open title={t('media.previewOf', { name: media.name })} footer={null} onCancel={onClose} width={560}>
      {url === null ? null : media.type === 'voice' ? (
        <audio controls src={url} style={{ width: '100%' }} />
      ) : media.type === 'video' ? (
        <video controls src={url} style={{ width: '100%' }} />
      ) : (
        <img id="wx-media-preview" src={url} alt={media.name} style={{ maxWidth: '100%' }} />
      )}
    </Modal>
  );
}

/**
 * /weixin-admin/weixin-media: an account's permanent media by type with WeChat's counts; upload (checked by content on
 * the server against WeChat's formats and sizes, shown beside the button), preview, delete.
 */
export function MediaPage() {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  useHideForecast(true);
  const accounts = useAccounts();
  const [accountId, setAccountId] = useState<number | undefined>();
  useEffect(() => {
    if (accountId === undefined && accounts.data?.[0]) setAccountId(accounts.data[0].id);
  }, [accounts.data, accountId]);
  const [type, setType] = useState<WxMediaType>('image');
  const { paging, setPaging, toFirstPage } = usePaging();
  const page = useMediaPage(accountId, type, paging);
  const tableProps = usePagedTableProps(page, paging, setPaging);
  const upload = useUploadMedia();
  const remove = useDeleteMedia();
  const confirmDelete = useConfirmDelete();
  const [previewing, setPreviewing] = useState<WxMedia | null>(null);

  const columns = useMemo<FitColumn<WxMedia>[]>(
    () => [
      ellipsisColumn<WxMedia>({ title: t('media.fields.name'), dataIndex: 'name', width: 180 }),
      { title: t('media.fields.format'), dataIndex: 'format', width: 70 },
      { title: t('media.fields.size'), dataIndex: 'size', width: 80, align: 'right', render: (n: number) => formatSize(n) },
      ellipsisColumn<WxMedia>({ title: t('media.fields.mediaId'), dataIndex: 'mediaId', width: 160 }),
      ellipsisColumn<WxMedia>({ title: t('media.fields.uploadedBy'), dataIndex: 'uploadedBy', width: 100 }),
      timeColumn<WxMedia>({
        title: t('media.fields.createdAt'),
        dataIndex: 'createdAt',
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
      }),
      actionColumn<WxMedia>(t('common.actions'), 2, (m) => (
        <Space size={0}>
          <RowAction
            icon={<EyeOutlined aria-hidden />}
            label={t('media.previewOf', { name: m.name })}
            tip={t('media.preview')}
            onClick={() => setPreviewing(m)}
          />
          <RowAction
            icon={<DeleteOutlined aria-hidden />}
            danger
            label={t('media.remove', { name: m.name })}
            tip={t('common.delete')}
            onClick={() => confirmDelete(m.name, () => remove.mutateAsync(m.id))}
          />
        </Space>
      )),
    ],
    [t, confirmDelete, remove],
  );
  const fitted = useFittedTable(columns, tableProps.dataSource);

  const counts = page.data?.counts;
  return (
    <ListPage
      id="wx-media-page"
      titleKey="weixinMedia"
      className="wx-page"
      data={{ 'data-total': page.data?.total ?? '' }}
      toolbar={
        <>
          <Select
            id="wx-media-account"
            aria-label={t('media.account')}
            style={{ width: 180 }}
            value={accountId}
            options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            onChange={(id: number) => {
              setAccountId(id);
              toFirstPage();
            }}
          />
          <ToolbarSpacer />
          <Typography.Text type="secondary" className="wx-hint" id="wx-media-limits">
            {t('media.limits', { formats: WX_MEDIA_LIMITS[type].formats.join(', '), limit: limitText(type) })}
          </Typography.Text>
          <Upload
            accept={WX_MEDIA_LIMITS[type].formats.map((f) => `.${f}`).join(',')}
            showUploadList={false}
            disabled={accountId === undefined}
            customRequest={({ file, onSuccess, onError }) => {
              upload
                .mutateAsync({ accountId: accountId!, type, file: file as File })
                .then((m) => {
                  void message.success(t('media.uploaded'));
                  onSuccess?.(m);
                })
                .catch((e: Error) => onError?.(e));
            }}
          >
            <Button id="wx-media-upload" type="primary" icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
              {t('media.upload', { type: t(`media.types.${type}`) })}
            </Button>
          </Upload>
        </>
      }
    >
      <Tabs
        id="wx-media-tabs"
        activeKey={type}
        onChange={(k) => {
          setType(k as WxMediaType);
          toFirstPage();
        }}
        items={WX_MEDIA_TYPES.map((k) => ({ key: k, label: counts ? `${t(`media.types.${k}`)} (${counts[k]})` : t(`media.types.${k}`) }))}
      />
      <Table<WxMedia> id="wx-media-table" size="small" {...tableProps} {...fitted} />
      {previewing ? <Preview media={previewing} onClose={() => setPreviewing(null)} /> : null}
    </ListPage>
  );
}
