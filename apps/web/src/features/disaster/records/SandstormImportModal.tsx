import { SANDSTORM_FILE_COLUMNS, SANDSTORM_IMPORT_MAX_KB } from '@agromet/contracts/web';
import type { SandstormImportResult } from '@agromet/contracts';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvImportModal } from '../../../components/csv-import/CsvImportModal';
import type { CsvImportIssue } from '../../../components/csv-import/csv-import';
import { useImportSandstorms } from '../api/sandstorms';
import { NS } from '../i18n';

type ReportRow = CsvImportIssue & { key: string };

/** Import records from an Excel or CSV file: all rows or none; a refusal lists every problem by row and column. */
export function SandstormImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const importRecords = useImportSandstorms();
  const columns = useMemo<TableColumnsType<ReportRow>>(
    () => [
      { title: t('importDialog.row'), dataIndex: 'row', width: 64 },
      {
        title: t('importDialog.field'),
        dataIndex: 'field',
        width: 150,
        render: (field: string) =>
          field === 'file'
            ? t('importDialog.file')
            : (SANDSTORM_FILE_COLUMNS as readonly string[]).includes(field)
              ? `${t(`fields.${field}`)} (${field})`
              : field,
      },
      { title: t('importDialog.message'), dataIndex: 'message' },
    ],
    [t],
  );
  return (
    <CsvImportModal<SandstormImportResult, ReportRow>
      idPrefix="sandstorm-import"
      xlsx
      texts={{
        title: t('importDialog.title'),
        hint: t('importDialog.hint', { columns: SANDSTORM_FILE_COLUMNS.join(', ') }),
        choose: t('importDialog.choose'),
        submit: t('importDialog.submit'),
        close: t('common.close'),
        fileProblem: (p) => (p.key === 'importTooLarge' ? t('importDialog.tooLarge', { max: p.max }) : t('importDialog.notCsv')),
        done: (r) => t('importDialog.done', { ...r, count: r.inserted }),
        failed: (reason) => t('importDialog.failed', { reason }),
        refused: (count) => t('importDialog.refused', { count }),
      }}
      maxKb={SANDSTORM_IMPORT_MAX_KB}
      upload={(file) => importRecords.mutateAsync(file)}
      pending={importRecords.isPending}
      reportColumns={columns}
      reportRows={(issues) => issues.map((i, k) => ({ ...i, key: `${i.row}-${i.field}-${k}` }))}
      reportData={(issues) => ({ 'data-rows': new Set(issues.map((i) => i.row)).size })}
      sectionClassName="ds-section"
      onClose={onClose}
    />
  );
}
