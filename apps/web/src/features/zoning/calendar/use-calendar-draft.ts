import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { logUnlessShown } from '../../../lib/shown-failure';
import { useCalendars, useDeleteCalendar, useSaveCalendar } from './api';
import { draftOf, draftProblems, firstCropId, saveInput, serverIssues, type CalendarDraft } from './calendar-draft';
import { NS } from './i18n';

/**
 * The crop-calendar editor's state: the crop chosen (the first with a calendar until the user picks), its calendar's
 * draft, the engine's problems while typing and the server's after a refusal, and the save and delete actions.
 */
export function useCalendarDraft() {
  const { t } = useTranslation(NS);
  const calendars = useCalendars();
  const save = useSaveCalendar();
  const remove = useDeleteCalendar();
  const [cropId, setCropId] = useState<number | undefined>();
  const [draft, setDraft] = useState<CalendarDraft | null>(null);
  const [server, setServer] = useState<Map<string, string>>(new Map());

  const entry = calendars.data?.find((e) => e.cropId === cropId);
  useEffect(() => {
    if (cropId === undefined && calendars.data?.length) setCropId(firstCropId(calendars.data));
  }, [calendars.data, cropId]);
  useEffect(() => {
    setDraft(entry?.calendar ? draftOf(entry) : null);
    setServer(new Map());
  }, [entry]);

  const problems = useMemo(() => draftProblems(draft, (key, params) => t(key, params)), [draft, t]);
  const problemAt = (path: string) => server.get(path) ?? problems.get(path);
  const update = (fn: (d: CalendarDraft) => CalendarDraft) => {
    setDraft((d) => (d ? fn(d) : d));
    setServer(new Map());
  };

  const submit = async () => {
    if (!draft || problems.size > 0) return;
    try {
      await save.mutateAsync(saveInput(draft));
      toastSuccess(t('saved'));
    } catch (error) {
      setServer(serverIssues(error));
      logUnlessShown(error, 'crop calendar save');
    }
  };
  const onDelete = () =>
    entry?.calendar &&
    confirmDialog({
      title: t('deleteConfirm', { crop: entry.cropName }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(entry.calendar!.id);
        toastSuccess(t('deleted'));
      },
    });

  return {
    calendars,
    cropId,
    setCropId,
    entry,
    draft,
    create: () => entry && setDraft(draftOf(entry)),
    update,
    problemAt,
    canSave: problems.size === 0,
    saving: save.isPending,
    serverRefusal: server.get(''),
    submit,
    onDelete,
  };
}

export type CalendarDraftState = ReturnType<typeof useCalendarDraft>;
