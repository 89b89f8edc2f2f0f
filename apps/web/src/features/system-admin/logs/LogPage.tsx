import { EyeOutlined } from '@ant-design/icons';
import type { LogRow } from '@agromet/contracts';
import { Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { contentColumn, ellipsisColumn, timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { DEFAULT_PAGE_SIZE, type Paging } from '../../../lib/list-query';
import { useLogPage } from '../api/logs';
import { actionsColumn } from '../components/list-actions';
import { NS } from '../i18n';
import '../system-admin.css';
import { formatDateTime } from '../utils/format';
import { LogDetailDrawer } from './LogDetailDrawer';
import { LogFilterForm } from './LogFilterForm';
import { logFiltersFromAddress, type LogFilters } from './log-filters';

/** Who did it: the name, with the username when it differs. */
function operatorLabel(name: string, row: LogRow): string {
  return name && row.username && name !== row.username ? `${name} (${row.username})` : name || row.username;
}

/** The log rows of one page, for the filters as the server takes them. */
function useLogRows(filters: LogFilters, paging: Paging) {
  return useLogPage(logFiltersFromAddress(filters), paging);
}

/** The log table's columns; a row's details open from its action. */
function useLogColumns(detail: (row: LogRow) => void): FitColumn<LogRow>[] {
  const { t } = useTranslation(NS);
  const typeLabel = useCallback((type: string) => t(`log.types.${type}`, { defaultValue: type }), [t]);
  const result = useCallback((code: number) => (code === 0 ? t('log.resultOk') : t('log.resultFailed', { code })), [t]);
  // Each column as wide as its content on the page; operators and descriptions share the rest.
  return useMemo<FitColumn<LogRow>[]>(
    () => [
      timeColumn<LogRow>({ title: t('log.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) }),
      ellipsisColumn<LogRow>(
        { title: t('log.operator'), dataIndex: 'operatorName', width: 150, render: (name: string, row) => operatorLabel(name, row) },
        (name, row) => operatorLabel(name as string, row),
      ),
      contentColumn<LogRow>({ title: t('log.action'), dataIndex: 'action' }),
      contentColumn<LogRow>({ title: t('log.type'), dataIndex: 'type', render: (type: string) => typeLabel(type) }, (row) =>
        typeLabel(row.type),
      ),
      ellipsisColumn<LogRow>({ title: t('log.description'), dataIndex: 'description', width: 150 }),
      contentColumn<LogRow>({ title: t('log.ip'), dataIndex: 'ip' }),
      contentColumn<LogRow>(
        {
          title: t('log.result'),
          dataIndex: 'resultCode',
          render: (code: number) => <Tag color={code === 0 ? 'success' : 'error'}>{result(code)}</Tag>,
        },
        (row) => ({ tags: [result(row.resultCode)] }),
      ),
      actionsColumn<LogRow>(t, [
        { key: 'detail', icon: <EyeOutlined aria-hidden />, tip: t('common.detail'), label: () => t('common.detail'), onClick: detail },
      ]),
    ],
    [t, typeLabel, result, detail],
  );
}

/** The log's filters: one form that sets them all on Search (log-filters.ts), kept in the address. */
const FILTERS: FilterField<LogFilters>[] = [
  {
    kind: 'custom',
    key: 'from',
    also: ['to', 'operator', 'action', 'type', 'ip'],
    render: (_value, _onChange, filter, filters) => <LogFilterForm filters={filters} filter={filter} />,
  },
];

/** /system-admin/sys-log: the operation log with filters (kept in the address), paging, a detail drawer and CSV export (read-only). */
export function LogPage() {
  const detail = useEditor<LogRow>();
  const list = useListPage<LogRow, LogFilters, ReturnType<typeof useLogRows>>({
    filters: FILTERS,
    pageSize: DEFAULT_PAGE_SIZE,
    useRows: useLogRows,
  });
  const columns = useLogColumns(detail.open);

  return (
    <ListPageView
      id="log-page"
      titleKey="sysLog"
      className="sa-page"
      list={list}
      table={{ id: 'log-table', size: 'middle', fitted: true, columns }}
    >
      {detail.editing?.record ? <LogDetailDrawer row={detail.editing.record} onClose={detail.close} /> : null}
    </ListPageView>
  );
}
