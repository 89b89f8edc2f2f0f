import type { Criterion } from '@agromet/contracts';
import type { CriterionProblem, FactorRule, ZoningMethod } from '@agromet/grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { useFeedback } from '../../../lib/feedback';
import { ApiError } from '../../../lib/request';
import { fetchCriterion, useSaveCriterion } from '../api/criteria';
import { NS } from '../i18n';
import {
  criterionBody,
  DEFAULT_CUTS,
  draftOf,
  draftProblems,
  equalWeights,
  needsWeights,
  newFactorRule,
  problemsByPath,
  serverIssuePath,
  switchMethod,
  type CriterionDraft,
  type FactorRange,
} from './criterion-rules';
import { SERVER_PROBLEM } from './field-status';

/** Problems the server named (4100 with data.issues[].field), at the editor's paths. */
function serverProblemsOf(error: unknown): CriterionProblem[] {
  if (!(error instanceof ApiError) || error.code !== 4100) return [];
  const issues = (error.data as { issues?: { field?: string; message?: string }[] } | null)?.issues ?? [];
  return issues.flatMap((issue) => {
    const path = issue.field ? serverIssuePath(issue.field) : null;
    return path
      ? [
          {
            path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            key: SERVER_PROBLEM,
            params: { message: issue.message ?? error.message },
          },
        ]
      : [];
  });
}

interface Options {
  record: Criterion | null;
  cropId?: number;
  onClose: () => void;
  ranges: FactorRange[];
}

/**
 * The criterion editor's draft: its edits (method switches carry the factors over, added factors share the
 * weights), the problems shown (missing fields only once the user tried to save, the server's until the next
 * edit), leaving with a confirm when changed, and saving with the stale-version offer.
 */
export function useCriterionDraft({ record, cropId, onClose, ranges }: Options) {
  const { t } = useTranslation(NS);
  const { modal, message } = useFeedback();
  const [initial, setInitial] = useState(() => draftOf(record, cropId));
  const [draft, setDraft] = useState<CriterionDraft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<CriterionProblem[]>([]);
  const save = useSaveCriterion();
  const { version, offerStale } = useEditVersion(record);

  const problems = useMemo(() => {
    const all = [...serverProblems, ...draftProblems(draft, ranges)];
    // Missing name, crop or factors are only pointed out once the user tried to save.
    const shown = submitted ? all : all.filter((p) => !['zoning.nameMissing', 'zoning.cropMissing', 'zoning.noFactors'].includes(p.key));
    return problemsByPath(shown);
  }, [draft, ranges, submitted, serverProblems]);

  const change = (patch: Partial<CriterionDraft>) => {
    setServerProblems([]);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setFactor = (k: number, rule: FactorRule) => change({ factors: draft.factors.map((f, i) => (i === k ? rule : f)) });
  const setMethod = (method: ZoningMethod) =>
    change({
      method,
      factors: switchMethod(draft.factors, method, ranges),
      cutPoints: method === 'limiting' || method === draft.method ? draft.cutPoints : [...DEFAULT_CUTS[method]],
    });
  const addFactor = (range: FactorRange) => {
    const next = [...draft.factors, newFactorRule(range, draft.method)];
    const weights = equalWeights(next.length);
    change({ factors: needsWeights(draft.method) ? next.map((f, i) => ({ ...f, weight: weights[i]! })) : next });
  };
  const shareWeights = () => {
    const w = equalWeights(draft.factors.length);
    change({ factors: draft.factors.map((f, i) => ({ ...f, weight: w[i]! })) });
  };

  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const leave = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('criterion.leaveTitle'),
      content: t('criterion.leaveContent'),
      okText: t('criterion.leaveOk'),
      okType: 'danger',
      cancelText: t('common.cancel'),
      okButtonProps: { id: 'zoning-leave-ok' },
      onOk: onClose,
    });
  };

  const submit = async () => {
    setSubmitted(true);
    const all = draftProblems(draft, ranges);
    if (all.length > 0) {
      void message.warning(t('criterion.fixProblems', { count: problemsByPath(all).size }));
      return;
    }
    try {
      await save.mutateAsync({ id: record?.id, version, body: criterionBody(draft) });
      void message.success(t('criterion.saved'));
      onClose();
    } catch (error) {
      setServerProblems(serverProblemsOf(error));
      if (record) {
        await offerStale(error, {
          fetchCurrent: () => fetchCriterion(record.id),
          onReload: (current) => {
            const fresh = draftOf(current);
            setInitial(fresh);
            setDraft(fresh);
          },
          onGone: onClose,
        });
      }
    }
  };

  return { draft, problems, change, setFactor, setMethod, addFactor, shareWeights, leave, submit, saving: save.isPending };
}
