import type { ReviseGridData, ReviseResult } from '@agromet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { noteGridVersion } from '../../../components/map/grid-version';
import type { ProductSelection } from '../../../components/map/map-rules';
import { confirmDialog, toastError, toastSuccess, toastWarning } from '../../../lib/feedback';
import { ApiError } from '../../../lib/request';
import { REVISE_EDIT_NS } from './i18n';
import { conflictOf } from './revise-rules';

/**
 * Sends a revision of the grid `selection` names (the map's product). Saved: a message with what
 * changed, and the map draws the new version of every lead the answer names. Refused because
 * someone changed the grid since it was loaded (4009): the forecaster is told who and when, and
 * may reload the latest grid (the map then draws its versions); their points or areas stay, so
 * re-applying is one click.
 */
export function useSubmitRevision(opts: {
  selection: ProductSelection | null;
  reload: () => Promise<{ data?: Pick<ReviseGridData, 'leads'> }>;
  onSaved: () => void;
}) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const client = useQueryClient();
  return async (send: () => Promise<ReviseResult>) => {
    const selection = opts.selection;
    const noteVersions = (leads: ReadonlyArray<{ lead: number; version: number }>) => {
      if (selection) for (const l of leads) noteGridVersion(client, { ...selection, lead: l.lead }, l.version);
    };
    try {
      const result = await send();
      const cells = result.leads.reduce((n, l) => n + l.cellsChanged, 0);
      toastSuccess(t('submit.success', { leads: result.leads.length, cells }));
      // The check after every revision: what it left inconsistent is outlined by the consistency panel.
      if (result.violations) toastWarning(t('consistency.afterRevision', { count: result.violations }));
      // The map's product layer and point values fetch the new versions.
      noteVersions(result.leads);
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
            const fresh = await opts.reload();
            noteVersions(fresh.data?.leads ?? []);
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
