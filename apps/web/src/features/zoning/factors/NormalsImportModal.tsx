import { UploadOutlined } from '@ant-design/icons';
import type { NormalsImportResult } from '@agromet/contracts';
import { BASE_FACTOR_CODES, NORMALS_CSV_COLUMNS } from '@agromet/contracts/web';
import { Alert, Button, Modal, Space, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportNormals } from '../api/factors';
import { NS } from '../i18n';
import { checkNormalsFile, normalsIssuesOf, type NormalsIssue } from './normals-import';

type Outcome =
  { kind: 'done'; result: NormalsImportResult } | { kind: 'refused'; issues: NormalsIssue[] } | { kind: 'failed'; reason: string };

/**
 * Import station normals (station, factor, value) from a CSV: all or nothing, a refusal lists every problem by line
 * and column; after a success the factors named are gridded again by a job, whose progress the panel shows.
 */
export function NormalsImportModal({ onClose, onImported }: { onClose: () => void; onImported: (result: NormalsImportResult) => void }) {
  const { t } = useTranslation(NS);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const importNormals = useImportNormals();

  const choose = (chosen: File | undefined) => {
    setOutcome(null);
    if (!chosen) return;
    const problem = checkNormalsFile(chosen);
    setFileProblem(problem ? t(`factor.${problem.key}`, problem) : null);
    setFile(problem ? null : chosen);
  };

  const submit = async () => {
    if (!file) return;
    setOutcome(null);
    try {
      const result = await importNormals.mutateAsync(file);
      setOutcome({ kind: 'done', result });
      onImported(result);
    } catch (error) {
      const issues = normalsIssuesOf(error);
      setOutcome(issues ? { kind: 'refused', issues } : { kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Modal
      open
      title={t('factor.importTitle')}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button
          key="import"
          id="normals-import-submit"
          type="primary"
          disabled={!file}
          loading={importNormals.isPending}
          onClick={() => void submit()}
        >
          {t('factor.importSubmit')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {t('factor.importHint', {
          columns: NORMALS_CSV_COLUMNS.join(', '),
          codes: BASE_FACTOR_CODES.filter((c) => c !== 'altitude' && c !== 'slope').join(', '),
        })}
      </Typography.Paragraph>
      <Space wrap>
        <input
          ref={input}
          id="normals-import-file"
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
          {t('factor.importChoose')}
        </Button>
        {file ? <span id="normals-import-filename">{file.name}</span> : null}
      </Space>
      {fileProblem ? <Alert className="zn-section" type="warning" showIcon title={fileProblem} /> : null}
      {outcome?.kind === 'done' ? (
        <Alert
          id="normals-import-result"
          className="zn-section"
          type="success"
          showIcon
          title={t('factor.importDone', { ...outcome.result, factors: outcome.result.factors.join(', ') })}
        />
      ) : null}
      {outcome?.kind === 'failed' ? (
        <Alert className="zn-section" type="error" showIcon title={t('factor.importFailed', { reason: outcome.reason })} />
      ) : null}
      {outcome?.kind === 'refused' ? (
        <div id="normals-import-report" className="zn-section" data-issues={outcome.issues.length}>
          <Alert type="error" showIcon title={t('factor.importRefused', { count: outcome.issues.length })} />
          <Table<NormalsIssue & { key: number }>
            className="zn-section"
            rowKey="key"
            size="small"
            columns={[
              { title: t('factor.issueRow'), dataIndex: 'row', width: 64 },
              { title: t('factor.issueField'), dataIndex: 'field', width: 120 },
              { title: t('factor.issueMessage'), dataIndex: 'message' },
            ]}
            dataSource={outcome.issues.map((i, key) => ({ ...i, key }))}
            pagination={outcome.issues.length > 10 ? { pageSize: 10, size: 'small' } : false}
          />
        </div>
      ) : null}
    </Modal>
  );
}
