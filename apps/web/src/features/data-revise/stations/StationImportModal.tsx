import { STATION_CSV_COLUMNS, STATION_IMPORT_MAX_KB } from '@agromet/contracts/web';
import type { StationImportResult } from '@agromet/contracts';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvImportModal } from '../../../components/csv-import/CsvImportModal';
import { useImportStations } from '../api/stations';
import { NS } from '../i18n';
import { badLineCount, importReportRows, type ImportReportRow } from './station-import-report';

/**
 * Import stations from a CSV file. The server takes all rows or none: a refusal lists every problem by line and
 * column, a success tells how many stations were added and updated.
 */
export function StationImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const importStations = useImportStations();

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
    <CsvImportModal<StationImportResult, ImportReportRow>
      idPrefix="station-import"
      texts={{
        title: t('station.importTitle'),
        hint: t('station.importHint', { columns: STATION_CSV_COLUMNS.join(', ') }),
        choose: t('station.importChoose'),
        submit: t('station.importSubmit'),
        close: t('common.close'),
        fileProblem: (problem) => t(`station.${problem.key}`, problem),
        done: (result) => t('station.importDone', result),
        failed: (reason) => t('station.importFailed', { reason }),
        refused: (count) => t('station.importRefused', { count }),
      }}
      maxKb={STATION_IMPORT_MAX_KB}
      upload={(file) => importStations.mutateAsync(file)}
      pending={importStations.isPending}
      reportColumns={columns}
      reportRows={importReportRows}
      reportData={(issues) => ({ 'data-lines': badLineCount(issues) })}
      sectionClassName="dr-detail"
      onClose={onClose}
    />
  );
}
