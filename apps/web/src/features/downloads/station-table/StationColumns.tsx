import type { StationTable, StationTableRow } from '@agromet/contracts';
import { Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-time';
import { NS } from '../i18n';
import { leadColumns } from './station-table-rules';

/** The station table's columns: station number and name kept on the left, position, then one column per lead time. */
export function useStationColumns(data: StationTable | undefined): TableColumnsType<StationTableRow> {
  const { t } = useTranslation(NS);
  return useMemo<TableColumnsType<StationTableRow>>(() => {
    if (!data) return [];
    return [
      { title: t('stations.station'), dataIndex: 'number', fixed: 'left', width: 80 },
      { title: t('stations.name'), dataIndex: 'name', fixed: 'left', width: 110, ellipsis: true },
      { title: t('stations.lon'), dataIndex: 'lon', width: 80, align: 'right' },
      { title: t('stations.lat'), dataIndex: 'lat', width: 70, align: 'right' },
      ...leadColumns(data).map((c) => ({
        title: (
          <Tooltip title={formatDateTime(c.validTime)}>
            <span>{t('stations.lead', { lead: c.lead })}</span>
          </Tooltip>
        ),
        key: `lead-${c.lead}`,
        width: 76,
        align: 'right' as const,
        render: (_: unknown, row: StationTableRow) => {
          const v = row.values[c.index];
          return v === null || v === undefined ? <Typography.Text type="secondary">—</Typography.Text> : v;
        },
      })),
    ];
  }, [data, t]);
}
