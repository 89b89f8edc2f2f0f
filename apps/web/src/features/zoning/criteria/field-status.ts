import type { CriterionProblem } from '@agromet/grid';
import { useTranslation } from 'react-i18next';
import { NS, problemKey } from '../i18n';

/** Key of a problem the server named, worded by the server itself (params.message). */
export const SERVER_PROBLEM = 'server';

/** The words of a problem: the editor's and the engine's keys, or the server's own message. */
export function useProblemText() {
  const { t } = useTranslation(NS);
  return (p: CriterionProblem) => (p.key === SERVER_PROBLEM ? String(p.params?.message ?? '') : t(problemKey(p.key), p.params ?? {}));
}

/** The help and status of a field from its problem. */
export function useFieldStatus(problems: ReadonlyMap<string, CriterionProblem>) {
  const text = useProblemText();
  return (...path: (string | number)[]) => {
    const p = problems.get(path.join('.'));
    return p ? { validateStatus: 'error' as const, help: text(p) } : {};
  };
}

/** The status function of a criterion's problems (see useFieldStatus). */
export type FieldStatus = ReturnType<typeof useFieldStatus>;
