import type { DownloadItem } from '@agromet/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { logUnlessShown } from '../../../lib/shown-failure';
import { downloadItem, downloadZip, useDeleteDownloads } from '../api/library';
import { NS } from '../i18n';
import { namesForConfirm } from './library-rules';

/**
 * What the library does with its files: download one, zip the selected ones, delete the selected ones after asking;
 * `busy` is the item being downloaded or 'zip'.
 */
export function useLibraryActions(selected: string[], setSelected: (ids: string[]) => void) {
  const { t } = useTranslation(NS);
  const { message, modal } = useFeedback();
  const remove = useDeleteDownloads();
  const [busy, setBusy] = useState<string | null>(null);

  const download = useCallback(async (item: DownloadItem) => {
    setBusy(item.id);
    try {
      await downloadItem(item);
    } catch (e) {
      logUnlessShown(e, 'download');
    } finally {
      setBusy(null);
    }
  }, []);

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

  const deleteSelected = (chosen: DownloadItem[]) => {
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

  return { busy, download, zip, deleteSelected, remove };
}
