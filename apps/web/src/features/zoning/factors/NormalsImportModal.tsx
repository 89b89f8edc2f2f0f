import type { NormalsImportResult } from '@agromet/contracts';
import { BASE_FACTOR_CODES, NORMALS_CSV_COLUMNS, NORMALS_IMPORT_MAX_KB } from '@agromet/contracts/web';
import { useTranslation } from 'react-i18next';
import { CsvImportModal } from '../../../components/csv-import/CsvImportModal';
import type { CsvImportIssue } from '../../../components/csv-import/csv-import';
import { useImportNormals } from '../api/factors';
import { NS } from '../i18n';

type ReportRow = CsvImportIssue & { key: number };

/**
 * Import station normals (station, factor, value) from a CSV: all or nothing, a refusal lists every problem by line
 * and column; after a success the factors named are gridded again by a job, whose progress the panel shows.
 */
export function NormalsImportModal({ onClose, onImported }: { onClose: () => void; onImported: (result: NormalsImportResult) => void }) {
  const { t } = useTranslation(NS);
  const importNormals = useImportNormals();
  return (
    <CsvImportModal<NormalsImportResult, ReportRow>
      idPrefix="normals-import"
      texts={{
        title: t('factor.importTitle'),
        hint: t('factor.importHint', {
          columns: NORMALS_CSV_COLUMNS.join(', '),
          codes: BASE_FACTOR_CODES.filter((c) => c !== 'altitude' && c !== 'slope').join(', '),
        }),
        choose: t('factor.importChoose'),
        submit: t('factor.importSubmit'),
        close: t('common.close'),
        fileProblem: (problem) => t(`factor.${problem.key}`, problem),
        done: (result) => t('factor.importDone', { ...result, factors: result.factors.join(', ') }),
        failed: (reason) => t('factor.importFailed', { reason }),
        refused: (count) => t('factor.importRefused', { count }),
      }}
      maxKb={NORMALS_IMPORT_MAX_KB}
      upload={(file) => importNormals.mutateAsync(file)}
      pending={importNormals.isPending}
      reportColumns={[
        { title: t('factor.issueRow'), dataIndex: 'row', width: 64 },
        { title: t('factor.issueField'), dataIndex: 'field', width: 120 },
        { title: t('factor.issueMessage'), dataIndex: 'message' },
      ]}
      reportRows={(issues) => issues.map((issue, key) => ({ ...issue, key }))}
      sectionClassName="zn-section"
      onImported={onImported}
      onClose={onClose}
    />
  );
}
