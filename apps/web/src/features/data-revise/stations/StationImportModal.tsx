import { UploadOutlined } from '@ant-design/icons';
import { STATION_CSV_COLUMNS } from '@agromet/contracts/web';
import type { StationImportIssue, StationImportResult } from '@agromet/contracts';
import { Alert, Button, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportStations } from '../api/stations';
import { NS } from '../i18n';
import { badLineCount, checkImportFile, importIssuesOf, importReportRows, type ImportReportRow } from './station-import-report';

type Outcome =
  { kind: 'done'; result: StationImportResult } | { kind: 'refused'; issues: StationImportIssue[] } | { kind: 'failed'; reason: string };

/**
 * Import stations from a CSV file. The server takes all rows or none: a refusal lists every problem by line and
 * column, a success tells how many stations were added and updated.
 */
export function StationImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const importStations = useImportStations();

  const choose = (chosen: File | undefined) => {
    setOutcome(null);
    if (!chosen) return;
    const problem = checkImportFile(chosen);
    setFileProblem(problem ? t(`station.${problem.key}`, problem) : null);
    setFile(problem ? null : chosen);
  };

  const submit = async () => {
    if (!file) return;
    setOutcome(null);
    try {
      setOutcome({ kind: 'done', result: await importStations.mutateAsync(file) });
    } catch (error) {
      const issues = importIssuesOf(error);
      setOutcome(issues ? { kind: 'refused', issues } : { kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
    } finally {
      // The same file can be chosen again after it was fixed.
      if (input.current) input.current.value = '';
    }
  };

  const columns = useMemo<TableColumnsType<ImportReportRow>>(
    () => [
      { title: t('station.issueRow'), dataIndex: 'row', width: 64 },
      {
        title: t('station.issueField'),
        dataIndex: 'field',
        width: 140,
        render: (field: string, row) =>
          row.column ? `${t(`station.fields.${row.column}`)} (${field})` : field === 'file' ? t('station.issueFile') : field,
      },
      { title: t('station.issueMessage'), dataIndex: 'message' },
    ],
    [t],
  );

  return (
    <Modal
      open
      title={t('station.importTitle')}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button
          key="import"
          id="station-import-submit"
          type="primary"
          disabled={!file}
          loading={importStations.isPending}
          onClick={() => void submit()}
        >
          {t('station.importSubmit')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('station.importHint', { columns: STATION_CSV_COLUMNS.join(', ') })}</Typography.Paragraph>
      <Space wrap>
        <input
          ref={input}
          id="station-import-file"
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
          {t('station.importChoose')}
        </Button>
        {file ? <span id="station-import-filename">{file.name}</span> : null}
      </Space>
      {fileProblem ? <Alert className="dr-detail" type="warning" showIcon title={fileProblem} /> : null}
      {outcome?.kind === 'done' ? (
        <Alert id="station-import-result" className="dr-detail" type="success" showIcon title={t('station.importDone', outcome.result)} />
      ) : null}
      {outcome?.kind === 'failed' ? (
        <Alert className="dr-detail" type="error" showIcon title={t('station.importFailed', { reason: outcome.reason })} />
      ) : null}
      {outcome?.kind === 'refused' ? (
        <div id="station-import-report" className="dr-detail" data-issues={outcome.issues.length} data-lines={badLineCount(outcome.issues)}>
          <Alert type="error" showIcon title={t('station.importRefused', { count: outcome.issues.length })} />
          <Table<ImportReportRow>
            className="dr-detail"
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={importReportRows(outcome.issues)}
            pagination={outcome.issues.length > 10 ? { pageSize: 10, size: 'small' } : false}
          />
        </div>
      ) : null}
    </Modal>
  );
}
