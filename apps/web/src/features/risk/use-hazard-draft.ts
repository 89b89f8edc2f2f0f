import type { Hazard } from '@agromet/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog, toastSuccess } from '../../lib/feedback';
import { logUnlessShown } from '../../lib/shown-failure';
import { useDeleteHazard, useHazards, useSaveHazard } from './api/hazards';
import { draftOf, emptyDraft, saveBody, serverIssues, type Draft } from './hazard-draft';
import { NS } from './i18n';
import { draftProblems } from './risk-rules';

/**
 * The hazard editor's state: the hazard picked (the first one until the user picks), its draft, the engine's problems
 * while typing and the server's after a refusal, and the save and delete actions.
 */
export function useHazardDraft() {
  const { t } = useTranslation(NS);
  const hazards = useHazards();
  const save = useSaveHazard();
  const remove = useDeleteHazard();
  const [selected, setSelected] = useState<number | 'new' | undefined>();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [server, setServer] = useState<Map<string, string>>(new Map());
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (selected === undefined && hazards.data?.length) setSelected(hazards.data[0]!.id);
  }, [hazards.data, selected]);
  useEffect(() => {
    if (selected === 'new') return;
    const h = hazards.data?.find((x) => x.id === selected);
    if (h) setDraft(draftOf(h));
  }, [selected, hazards.data]);

  const problems = useMemo(() => (draft ? draftProblems(draft.conditions) : new Map<string, string>()), [draft]);
  const problemAt = (path: string) => server.get(path) ?? (problems.has(path) ? t(`problem.${problems.get(path)}`, { max: 4 }) : undefined);

  const update = (fn: (d: Draft) => Draft) => {
    setDraft((d) => (d ? fn(d) : d));
    setServer(new Map());
  };

  const startNew = () => {
    setSelected('new');
    setDraft(emptyDraft());
    setServer(new Map());
    setTried(false);
  };

  const submit = async () => {
    if (!draft) return;
    setTried(true);
    if (!draft.name.trim() || problems.size > 0) return;
    try {
      const saved = await save.mutateAsync(saveBody(draft));
      setSelected(saved.id);
      setDraft(draftOf(saved));
      setTried(false);
      toastSuccess(t('hazard.saved'));
    } catch (error) {
      setServer(serverIssues(error));
      logUnlessShown(error, 'risk hazard save');
    }
  };

  const onDelete = (h: Hazard) =>
    confirmDialog({
      title: t('hazard.deleteConfirm', { name: h.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(h.id);
        setSelected(undefined);
        toastSuccess(t('hazard.deleted'));
      },
    });

  return { hazards, selected, setSelected, draft, server, tried, problemAt, update, startNew, submit, saving: save.isPending, onDelete };
}
