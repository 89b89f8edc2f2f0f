import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useRef, useState, type Key, type ReactNode } from 'react';
import { checkCsvFile, csvImportIssuesOf, XLSX_TYPE, type CsvFileProblem, type CsvImportIssue } from './csv-import';

type Outcome<R> = { kind: 'done'; result: R } | { kind: 'refused'; issues: CsvImportIssue[] } | { kind: 'failed'; reason: string };

/** What a feature says in its own words (the modal has none of its own). */
export interface CsvImportTexts<R> {
  title: string;
  hint: ReactNode;
  choose: string;
  submit: string;
  close: string;
  fileProblem: (problem: CsvFileProblem) => string;
  done: (result: R) => string;
  failed: (reason: string) => string;
  refused: (count: number) => string;
}

/**
 * An all-or-nothing CSV import: choose a file (checked for type and size before sending), send it, and show what the
 * server answered: the counts of a success, or a refusal listing every problem by line and column. Element ids are
 * `<idPrefix>-file`, `-filename`, `-submit`, `-result` and `-report` (with data-issues and the feature's own data).
 */
export function CsvImportModal<R, Row extends { key: Key }>({
  idPrefix,
  texts,
  maxKb,
  upload,
  pending,
  reportColumns,
  reportRows,
  reportData,
  sectionClassName,
  xlsx = false,
  onImported,
  onClose,
}: {
  idPrefix: string;
  texts: CsvImportTexts<R>;
  maxKb: number;
  upload: (file: File) => Promise<R>;
  pending: boolean;
  reportColumns: TableColumnsType<Row>;
  reportRows: (issues: CsvImportIssue[]) => Row[];
  reportData?: (issues: CsvImportIssue[]) => Record<`data-${string}`, number>;
  sectionClassName: string;
  /** Excel workbooks (.xlsx) are taken too. */
  xlsx?: boolean;
  onImported?: (result: R) => void;
  onClose: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome<R> | null>(null);

  const choose = (chosen: File | undefined) => {
    setOutcome(null);
    if (!chosen) return;
    const problem = checkCsvFile(chosen, maxKb, xlsx);
    setFileProblem(problem ? texts.fileProblem(problem) : null);
    setFile(problem ? null : chosen);
  };

  const submit = async () => {
    if (!file) return;
    setOutcome(null);
    try {
      const result = await upload(file);
      setOutcome({ kind: 'done', result });
      onImported?.(result);
    } catch (error) {
      const issues = csvImportIssuesOf(error);
      setOutcome(issues ? { kind: 'refused', issues } : { kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
    } finally {
      // The same file can be chosen again after it was fixed.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Modal
      open
      title={texts.title}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {texts.close}
        </Button>,
        <Button key="import" id={`${idPrefix}-submit`} type="primary" disabled={!file} loading={pending} onClick={() => void submit()}>
          {texts.submit}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{texts.hint}</Typography.Paragraph>
      <Space wrap>
        <input
          ref={input}
          id={`${idPrefix}-file`}
          type="file"
          accept={xlsx ? `.csv,text/csv,.xlsx,${XLSX_TYPE}` : '.csv,text/csv'}
          hidden
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
          {texts.choose}
        </Button>
        {file ? <span id={`${idPrefix}-filename`}>{file.name}</span> : null}
      </Space>
      {fileProblem ? <Alert className={sectionClassName} type="warning" showIcon title={fileProblem} /> : null}
      {outcome?.kind === 'done' ? (
        <Alert id={`${idPrefix}-result`} className={sectionClassName} type="success" showIcon title={texts.done(outcome.result)} />
      ) : null}
      {outcome?.kind === 'failed' ? (
        <Alert className={sectionClassName} type="error" showIcon title={texts.failed(outcome.reason)} />
      ) : null}
      {outcome?.kind === 'refused' ? (
        <div id={`${idPrefix}-report`} className={sectionClassName} data-issues={outcome.issues.length} {...reportData?.(outcome.issues)}>
          <Alert type="error" showIcon title={texts.refused(outcome.issues.length)} />
          <Table<Row>
            className={sectionClassName}
            rowKey="key"
            size="small"
            columns={reportColumns}
            dataSource={reportRows(outcome.issues)}
            pagination={outcome.issues.length > 10 ? { pageSize: 10, size: 'small' } : false}
          />
        </div>
      ) : null}
    </Modal>
  );
}
