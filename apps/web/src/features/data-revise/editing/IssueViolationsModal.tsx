import { List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { violationKey, type IssueViolation } from './consistency-rules';
import { REVISE_EDIT_NS } from './i18n';

/** The consistency violations the server found in a forecast about to be issued, to issue anyway or go back. */
export function IssueViolationsModal({
  violations,
  factorName,
  issuing,
  onIssueAnyway,
  onCancel,
}: {
  violations: IssueViolation[] | null;
  factorName: (code: string) => string;
  issuing: boolean;
  onIssueAnyway: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  return (
    <Modal
      open={violations !== null}
      title={t('issue.violationsTitle')}
      okText={t('issue.issueAnyway')}
      okButtonProps={{ danger: true, id: 'issue-anyway' }}
      cancelText={t('submit.cancel')}
      confirmLoading={issuing}
      onOk={onIssueAnyway}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('issue.violationsIntro')}</Typography.Paragraph>
      <List
        size="small"
        data-testid="issue-violations"
        dataSource={violations ?? []}
        rowKey={violationKey}
        renderItem={(v) => (
          <List.Item>
            {t('issue.violationItem', {
              rule: t(`consistency.rules.${v.rule}`),
              factor: factorName(v.factor),
              lead: v.lead,
              cells: v.cells,
            })}
          </List.Item>
        )}
      />
    </Modal>
  );
}
