import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsistencyPanel } from './ConsistencyPanel';
import { GridTargetBar } from './GridTargetBar';
import { REVISE_EDIT_NS } from './i18n';
import type { RevisionTarget } from './use-revision-target';

/** The top of a revision page: its title, the grid revised (type, factor, run, lead), its consistency and a hint. */
export function RevisePageHeader({ id, title, hint, target }: { id: string; title: string; hint: string; target: RevisionTarget }) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  return (
    <>
      <Typography.Title level={4} id={id} className="revise-title">
        {t(title, { ns: 'translation' })}
      </Typography.Title>
      <GridTargetBar target={target} />
      <ConsistencyPanel target={target} />
      <Typography.Paragraph type="secondary" className="revise-hint">
        {t(hint)}
      </Typography.Paragraph>
    </>
  );
}
