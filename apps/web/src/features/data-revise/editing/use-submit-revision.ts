import type { ReviseResult } from '@agromet/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { confirmDialog, toastError, toastSuccess } from '../../../lib/feedback';
import { ApiError } from '../../../lib/request';
import { useMapStore } from '../../../components/map/map-store';
import { REVISE_EDIT_NS } from './i18n';
import { conflictOf } from './revise-rules';

/**
 * Sends a revision. Saved: a message with what changed, and the map redraws the grid. Refused
 * because someone changed the grid since it was loaded (4009): the forecaster is told who and
 * when, and may reload the latest grid; their points or areas stay, so re-applying is one click.
 */
export function useSubmitRevision(opts: { reload: () => Promise<unknown>; onSaved: () => void }) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  return async (send: () => Promise<ReviseResult>) => {
    try {
      const result = await send();
      const cells = result.leads.reduce((n, l) => n + l.cellsChanged, 0);
      toastSuccess(t('submit.success', { leads: result.leads.length, cells }));
      // The map's product layer and point values fetch the new version.
      useMapStore.getState().refreshProduct();
      opts.onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.code === 4009) {
        const who = conflictOf(e.data);
        confirmDialog({
          title: t('submit.conflictTitle'),
          content: who ? t('submit.conflict', { name: who.name, time: dayjs(who.time).format('YYYY-MM-DD HH:mm:ss') }) : e.message,
          okText: t('submit.reload'),
          cancelText: t('submit.cancel'),
          onOk: async () => {
            await opts.reload();
            useMapStore.getState().refreshProduct();
            toastSuccess(t('submit.reloaded'));
          },
        });
        return;
      }
      if (e instanceof ApiError && !e.notified) toastError(e.message);
      else if (!(e instanceof ApiError)) throw e;
    }
  };
}
