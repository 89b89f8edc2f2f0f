import type { ReviseGridData, ReviseResult } from '@agromet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { startTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { noteGridVersion } from '../../../components/map/grid-version';
import type { ProductSelection } from '../../../components/map/map-rules';
import { confirmDialog, toastError, toastSuccess, toastWarning } from '../../../lib/feedback';
import { ApiError } from '../../../lib/request';
import { useTakeRevision } from './api';
import type { PreviewPatch } from './grid-patch';
import { markEditLoop } from './edit-loop-marks';
import { REVISE_EDIT_NS } from './i18n';
import { conflictOf } from './revise-rules';

/**
 * Sends a revision of the grid `selection` names (the map's product). Saved: a message with what
 * changed, and the map draws the new version of every lead the answer names (the lead on the map from the page's
 * preview patch when the answer confirms it is the one saved). Refused because
 * someone changed the grid since it was loaded (4009): the forecaster is told who and when, and
 * may reload the latest grid (the map then draws its versions); their points or areas stay, so
 * re-applying is one click.
 */
export function useSubmitRevision(opts: {
  selection: ProductSelection | null;
  reload: () => Promise<{ data?: Pick<ReviseGridData, 'leads'> }>;
  /** Cleared what the page drew: called as soon as the revision is saved. */
  onSaved: () => void;
  /** Called once the page's grids hold the revision (what needs the new values, such as the map's point labels). */
  onTaken?: () => void;
}) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const client = useQueryClient();
  const take = useTakeRevision();
  return async (send: () => Promise<ReviseResult>, preview?: PreviewPatch) => {
    const selection = opts.selection;
    const noteVersions = (leads: ReadonlyArray<{ lead: number; version: number }>) => {
      if (selection) for (const l of leads) noteGridVersion(client, { ...selection, lead: l.lead }, l.version);
    };
    try {
      markEditLoop('click');
      const result = await send();
      // The revision's patch is asked for at once, in this task, before any re-render it schedules
      // (docs/grids.md#the-edit-loop); meanwhile what the page drew is cleared (its preview is not computed again on
      // the new values, and it cannot be applied twice) and the message shown. Once the grid holds the patch, the
      // map's product layer and point values fetch the new versions.
      const taking = selection ? take(result, selection, preview) : Promise.resolve();
      // A transition: the page's re-render yields to the patch arriving instead of holding it up.
      startTransition(opts.onSaved);
      const cells = result.leads.reduce((n, l) => n + l.cellsChanged, 0);
      toastSuccess(t('submit.success', { leads: result.leads.length, cells }));
      // The check after every revision: what it left inconsistent is outlined by the consistency panel.
      if (result.violations) toastWarning(t('consistency.afterRevision', { count: result.violations }));
      await taking;
      opts.onTaken?.();
      noteVersions(result.leads);
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
