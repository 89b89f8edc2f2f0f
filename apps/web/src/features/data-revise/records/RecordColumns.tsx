import type { RevisionRecord } from '@agromet/contracts';
import { Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { formatDateMinute, formatDateTime } from '../common/format';
import { NS } from '../i18n';
import { useStateText, useSummaryText } from './use-summary-text';

const KIND_COLOURS: Record<RevisionRecord['kind'], string> = { point: 'blue', polygon: 'purple', recovery: 'green', consistency: 'orange' };

/** The record list's columns: who and when, the grid, what the revision did, the cells it changed and its state. */
export function useRecordColumns(): FitColumn<RevisionRecord>[] {
  const { t } = useTranslation(NS);
  const summary = useSummaryText();
  const stateText = useStateText();
  return useMemo<FitColumn<RevisionRecord>[]>(
    () => [
      { title: t('record.columns.id'), dataIndex: 'id', width: 64, render: (id: number) => `#${id}` },
      { title: t('record.columns.user'), dataIndex: 'userName', width: 120, ellipsis: true },
      timeColumn<RevisionRecord>({ title: t('record.columns.time'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) }),
      { title: t('record.columns.type'), dataIndex: 'typeName', width: 140, ellipsis: true },
      { title: t('record.columns.factor'), dataIndex: 'factorName', width: 110, ellipsis: true },
      {
        title: t('record.columns.baseTime'),
        dataIndex: 'baseTime',
        width: 140,
        className: 'table-cell-nowrap',
        render: (v: string) => formatDateMinute(v),
      },
      {
        title: t('record.columns.lead'),
        dataIndex: 'lead',
        width: 70,
        align: 'right',
        render: (h: number) => t('common.hours', { hours: h }),
      },
      {
        title: t('record.columns.operation'),
        key: 'operation',
        width: 200,
        render: (_, rec) => {
          const text = summary(rec);
          return (
            <Tooltip title={text}>
              <span className="dr-operation">
                <Tag color={KIND_COLOURS[rec.kind]}>{t(`record.kinds.${rec.kind}`)}</Tag>
                <span className="dr-operation-text">{text}</span>
              </span>
            </Tooltip>
          );
        },
      },
      { title: t('record.columns.cells'), dataIndex: 'cellsChanged', width: 100, align: 'right' },
      {
        title: t('record.columns.state'),
        key: 'state',
        width: 110,
        render: (_, rec) => <span className={rec.recovered ? 'dr-state-recovered' : undefined}>{stateText(rec)}</span>,
      },
    ],
    [t, summary, stateText],
  );
}
