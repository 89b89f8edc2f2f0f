import { DeleteOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { WX_MEDIA_LIMITS, WX_MEDIA_TYPES, type WxMediaType } from '@agromet/contracts/web';
import type { WxAccount, WxMedia } from '@agromet/contracts';
import { Button, Modal, Select, Space, Tabs, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { RowAction, actionColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useFeedback } from '../../../lib/feedback';
import { formatSize } from '../../../lib/format-size';
import { DEFAULT_PAGE_SIZE, type Paging } from '../../../lib/list-query';
import { fetchMediaPreview, useAccounts, useDeleteMedia, useMediaPage, useUploadMedia } from '../api/weixin';
import { chosenAccount } from '../accounts/account-choice';
import { NS } from '../i18n';
import '../weixin.css';

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

type MediaListFilters = { account?: string; type?: string };

const FIRST_TYPE: MediaListFilters = { type: 'image' };

/** The media of one page: of the account the filters name (or the first), of one type. */
function useMediaRows(filters: MediaListFilters, paging: Paging) {
  const accounts = useAccounts();
  return useMediaPage(chosenAccount(filters.account, accounts.data), (filters.type ?? 'image') as WxMediaType, paging);
}

/** The page's filters, kept in the address: the account in the toolbar, the type as the tabs above the table. */
function useMediaFields(accounts: readonly WxAccount[] | undefined): FilterField<MediaListFilters>[] {
  const { t } = useTranslation(NS);
  return useMemo<FilterField<MediaListFilters>[]>(
    () => [
      {
        kind: 'custom',
        key: 'account',
        render: (account, onChange) => (
          <Select
            id="wx-media-account"
            aria-label={t('media.account')}
            style={{ width: 180 }}
            value={chosenAccount(account, accounts)}
            options={(accounts ?? []).map((a) => ({ value: a.id, label: a.name }))}
            onChange={(id: number) => onChange(String(id))}
          />
        ),
      },
      // Drawn as the tabs above the table (MediaTypeTabs).
      { kind: 'custom', key: 'type', values: WX_MEDIA_TYPES, render: () => null },
    ],
    [t, accounts],
  );
}

/** The media table's columns: name, format, size, WeChat's media id, who and when, preview and delete. */
function useMediaColumns(preview: (m: WxMedia) => void): FitColumn<WxMedia>[] {
  const { t } = useTranslation(NS);
  const remove = useDeleteMedia();
  const confirmDelete = useConfirmDelete();
  return useMemo<FitColumn<WxMedia>[]>(
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
            onClick={() => preview(m)}
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
    [t, confirmDelete, remove, preview],
  );
}

/** WeChat's formats and size for the type, and the upload of a file of it to the account. */
function MediaUpload({ accountId, type }: { accountId: number | undefined; type: WxMediaType }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const upload = useUploadMedia();
  return (
    <>
      <Typography.Text type="secondary" className="list-hint" id="wx-media-limits">
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
  );
}

/**
 * /weixin-admin/weixin-media: an account's permanent media by type with WeChat's counts; upload (checked by content on
 * the server against WeChat's formats and sizes, shown beside the button), preview, delete. The account, the type and
 * the paging are kept in the address.
 */
export function MediaPage() {
  const { t } = useTranslation(NS);
  useHideForecast(true);
  const accounts = useAccounts();
  const list = useListPage<WxMedia, MediaListFilters, ReturnType<typeof useMediaPage>>({
    filters: useMediaFields(accounts.data),
    initialFilters: FIRST_TYPE,
    pageSize: DEFAULT_PAGE_SIZE,
    useRows: useMediaRows,
  });
  const accountId = chosenAccount(list.filters.account, accounts.data);
  const type = (list.filters.type ?? 'image') as WxMediaType;
  const previewing = useEditor<WxMedia>();
  const columns = useMediaColumns(previewing.open);
  const counts = list.rows.data?.counts;

  return (
    <ListPageView
      id="wx-media-page"
      titleKey="weixinMedia"
      className="map-panel-page wx-page"
      list={list}
      tools={<MediaUpload accountId={accountId} type={type} />}
      above={
        <Tabs
          id="wx-media-tabs"
          activeKey={type}
          onChange={(k) => list.filter({ type: k })}
          items={WX_MEDIA_TYPES.map((k) => ({ key: k, label: counts ? `${t(`media.types.${k}`)} (${counts[k]})` : t(`media.types.${k}`) }))}
        />
      }
      table={{ id: 'wx-media-table', fitted: true, columns }}
    >
      {previewing.editing?.record ? <Preview media={previewing.editing.record} onClose={previewing.close} /> : null}
    </ListPageView>
  );
}
