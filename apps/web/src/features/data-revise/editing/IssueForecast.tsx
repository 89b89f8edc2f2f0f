import type { FactorInfo, FileState } from '@agromet/contracts';
import { Alert, Button, Drawer, Form, Input, List, Modal, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format-size';
import { toastError, toastSuccess } from '../../../lib/feedback';
import { ApiError } from '../../../lib/request';
import { logUnlessShown } from '../../../lib/shown-failure';
import { downloadIssueFile, downloadIssueZip, useExportJob, useFileStates, useSubmitForecast } from './api';
import { issueViolationsOf, violationKey, type IssueViolation } from './consistency-rules';
import { REVISE_EDIT_NS } from './i18n';

const STATUS_COLOR: Record<FileState['status'], string> = { pending: 'processing', exported: 'success', failed: 'error' };
const timeLabel = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** The export of an issue while it runs: its job's progress, from the moment the issue is made. */
function ExportProgress({ jobId }: { jobId: string }) {
  const job = useExportJob(jobId, true);
  return <Progress className="issue-export-progress" percent={job.data?.progress ?? 0} size="small" status="active" />;
}

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
      <Modal
        open={violations !== null}
        title={t('issue.violationsTitle')}
        okText={t('issue.issueAnyway')}
        okButtonProps={{ danger: true, id: 'issue-anyway' }}
        cancelText={t('submit.cancel')}
        confirmLoading={submit.isPending}
        onOk={() => void issue(true).catch((e: unknown) => logUnlessShown(e, 'forecast issue'))}
        onCancel={() => setViolations(null)}
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
      <Drawer open={listing} onClose={() => setListing(false)} title={t('issue.files')} size={720} destroyOnHidden>
        {submit.isPending ? (
          <Alert type="info" showIcon className="issue-freezing" title={t('issue.freezing')} style={{ marginBottom: 12 }} />
        ) : null}
        <Table<FileState>
          rowKey="id"
          size="small"
          data-testid="issue-file-table"
          loading={files.isLoading}
          dataSource={files.data?.list ?? []}
          locale={{ emptyText: t('issue.noFiles') }}
          pagination={{ current: page, pageSize: 10, total: files.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('issue.issuedAt'), dataIndex: 'createdAt', render: timeLabel },
            { title: t('issue.type'), dataIndex: 'typeName' },
            { title: t('issue.baseTime'), dataIndex: 'baseTime', render: timeLabel },
            { title: t('issue.seq'), dataIndex: 'seq' },
            { title: t('issue.issuedBy'), dataIndex: 'userName' },
            {
              title: t('issue.status'),
              dataIndex: 'status',
              render: (status: FileState['status'], row) => (
                <>
                  <Tag color={STATUS_COLOR[status]} title={row.error ?? undefined} className={`issue-status-${status}`}>
                    {t(`issue.statuses.${status}`)}
                  </Tag>
                  {status === 'pending' ? <ExportProgress jobId={row.jobId} /> : null}
                </>
              ),
            },
          ]}
          expandable={{
            rowExpandable: (row) => row.files.length > 0,
            expandedRowRender: (row) => (
              <Space direction="vertical" size={2}>
                {row.status === 'exported' ? (
                  <Button
                    size="small"
                    className="issue-zip"
                    onClick={() =>
                      void downloadIssueZip(row.id, `${row.type}_${row.baseTime.slice(0, 13).replace(/[-:T]/g, '')}_${row.seq}.zip`).catch(
                        (e: unknown) => logUnlessShown(e, 'issue zip'),
                      )
                    }
                  >
                    {t('issue.downloadAll', { count: row.files.length })}
                  </Button>
                ) : null}
                {row.files.map((f) => (
                  <Space key={f.id} size={8} className="issue-file" data-name={f.name}>
                    <Typography.Text code>{f.name}</Typography.Text>
                    <Typography.Text type="secondary">
                      {t('issue.lead', { hours: f.lead })} · {formatSize(f.size)}
                    </Typography.Text>
                    <Button size="small" type="link" onClick={() => void downloadIssueFile(f.id, f.name)}>
                      {t('issue.download')}
                    </Button>
                  </Space>
                ))}
              </Space>
            ),
          }}
        />
      </Drawer>
    </>
  );
}
