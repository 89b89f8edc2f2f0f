import type { ArticleAction, ArticleSummary } from '@agromet/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { logUnlessShown } from '../../lib/shown-failure';
import { downloadPdf, useStep, type StepCall } from './api/articles';
import { NS } from './i18n';

const STEP_CALLS: Partial<Record<ArticleAction, StepCall>> = {
  submit: 'articleSubmit',
  approve: 'articleApprove',
  publish: 'articlePublish',
  revise: 'articleRevise',
  duplicate: 'articleDuplicate',
  delete: 'articleDelete',
};

/**
 * A row's workflow steps (submit, approve, publish, revise, duplicate, delete), each said when done; a revision or a
 * copy opens in the editor (`edit`). And the document's PDF.
 */
export function useArticleSteps(edit: (id: number) => void) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const step = useStep();
  const run = useCallback(
    async (action: ArticleAction, a: ArticleSummary) => {
      const call = STEP_CALLS[action];
      if (!call) return;
      try {
        const res = (await step.mutateAsync({ call, id: a.id })) as { id?: number } | null;
        void message.success(t(`done.${action}` as 'done.submit'));
        if ((action === 'revise' || action === 'duplicate') && res?.id) edit(res.id);
      } catch (error) {
        logUnlessShown(error, `article ${action}`);
      }
    },
    [message, step, t, edit],
  );
  const pdf = useCallback(async (a: ArticleSummary) => {
    try {
      await downloadPdf({ id: a.id, series: a.kindName, year: a.year, issueNo: a.issueNo });
    } catch (error) {
      logUnlessShown(error, 'article pdf');
    }
  }, []);
  return { run, pdf };
}
