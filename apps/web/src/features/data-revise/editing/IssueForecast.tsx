import type { FactorInfo } from '@agromet/contracts';
import { Alert, Button, Drawer, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/feedback';
import { ApiError } from '../../../lib/request';
import { logUnlessShown } from '../../../lib/shown-failure';
import { useFileStates, useSubmitForecast } from './api';
import { issueViolationsOf, type IssueViolation } from './consistency-rules';
import { REVISE_EDIT_NS } from './i18n';
import { IssuedFilesTable, timeLabel } from './IssuedFilesTable';
import { IssueViolationsModal } from './IssueViolationsModal';

/** Issuing the revised forecast (frozen and exported as MICAPS 4 and GeoTIFF files), and the issued files. */
export function IssueForecast({
  type,
  typeName,
  baseTime,
  factors,
}: {
  type: string;
  typeName: string;
  baseTime: string;
  factors: readonly FactorInfo[];
}) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const [asking, setAsking] = useState(false);
  const [listing, setListing] = useState(false);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string[]>([]);
  const [remark, setRemark] = useState('');
  const [violations, setViolations] = useState<IssueViolation[] | null>(null);
  const submit = useSubmitForecast();
  const files = useFileStates(page, listing);
  const factorName = (code: string) => factors.find((f) => f.code === code)?.name ?? code;

  // A forecast with consistency violations is issued only once the forecaster confirms the list the server gives.
  const issue = async (confirmViolations = false) => {
    let result;
    setListing(true);
    try {
      result = await submit.mutateAsync({
        type,
        baseTime,
        remark,
        ...(chosen.length ? { factors: chosen } : {}),
        ...(confirmViolations ? { confirmViolations: true } : {}),
      });
    } catch (e) {
      const listed = issueViolationsOf(e);
      if (listed) {
        setListing(false);
        setViolations(listed);
        return;
      }
      if (!(e instanceof ApiError)) throw e;
      if (!e.notified) toastError(e.message);
      return;
    }
    toastSuccess(t('issue.started', { seq: result.seq, grids: result.grids }));
    setViolations(null);
    setAsking(false);
    setRemark('');
    setChosen([]);
    setListing(true);
  };

  return (
    <>
      <Button id="issue-forecast" onClick={() => setAsking(true)}>
        {t('issue.button')}
      </Button>
      <Button id="issue-files" type="link" onClick={() => setListing(true)}>
        {t('issue.files')}
      </Button>
      <Modal
        open={asking}
        title={t('issue.title')}
        okText={t('issue.confirm')}
        cancelText={t('submit.cancel')}
        confirmLoading={submit.isPending}
        onOk={() => void issue().catch((e: unknown) => logUnlessShown(e, 'forecast issue'))}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('issue.type')}>
            <Typography.Text>{typeName}</Typography.Text>
          </Form.Item>
          <Form.Item label={t('issue.baseTime')}>
            <Typography.Text>{timeLabel(baseTime)}</Typography.Text>
          </Form.Item>
          <Form.Item label={t('issue.factors')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('issue.allFactors')}
              value={chosen}
              onChange={setChosen}
              options={factors.map((f) => ({ value: f.code, label: f.name }))}
            />
          </Form.Item>
          <Form.Item label={t('issue.remark')}>
            <Input.TextArea
              id="issue-remark"
              maxLength={256}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </Form.Item>
        </Form>
      </Modal>
      <IssueViolationsModal
        violations={violations}
        factorName={factorName}
        issuing={submit.isPending}
        onIssueAnyway={() => void issue(true).catch((e: unknown) => logUnlessShown(e, 'forecast issue'))}
        onCancel={() => setViolations(null)}
      />
      <Drawer open={listing} onClose={() => setListing(false)} title={t('issue.files')} size={720} destroyOnHidden>
        {submit.isPending ? (
          <Alert type="info" showIcon className="issue-freezing" title={t('issue.freezing')} style={{ marginBottom: 12 }} />
        ) : null}
        <IssuedFilesTable files={files} page={page} onPage={setPage} />
      </Drawer>
    </>
  );
}
