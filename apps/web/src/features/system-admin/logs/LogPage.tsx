import { DownloadOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';
import type { LogRow } from '@agromet/contracts';
import { Button, DatePicker, Form, Input, Select, Table, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionColumn,
  contentColumn,
  ellipsisColumn,
  RowAction,
  timeColumn,
  type FitColumn,
} from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { logUnlessShown } from '../../../lib/shown-failure';
import { exportLogs, useLogPage } from '../api/logs';
import { AdminPage } from '../components/AdminPage';
import { NS } from '../i18n';
import { formatDateTime } from '../utils/format';
import { LogDetailDrawer } from './LogDetailDrawer';
import { LOG_TYPES, toLogFilters, type LogFilters, type LogFilterValues } from './log-filters';
import { useDateInputFormats } from '../../../lib/date-input';
import { useFeedback } from '../../../lib/feedback';

/** Who did it: the name, with the username when it differs. */
function operatorLabel(name: string, row: LogRow): string {
  return name && row.username && name !== row.username ? `${name} (${row.username})` : name || row.username;
}

/** /system-admin/sys-log: the operation log with filters, paging, a detail drawer and CSV export (read-only). */
export function LogPage() {
  const { t } = useTranslation(NS);
  const dateFormats = useDateInputFormats('second');
  const { message } = useFeedback();
  const [form] = Form.useForm<LogFilterValues>();
  const [filters, setFilters] = useState<LogFilters>({});
  const { paging, setPaging, toFirstPage } = usePaging();
  const query = useLogPage(filters, paging);
  const tableProps = usePagedTableProps(query, paging, setPaging);
  const [detail, setDetail] = useState<LogRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const apply = (values: LogFilterValues) => {
    setFilters(toLogFilters(values));
    toFirstPage();
  };

  const onExport = async () => {
    setExporting(true);
    try {
      // The filters in the form, as the list would show them after "search".
      const current = toLogFilters(form.getFieldsValue());
      setFilters(current);
      const file = await exportLogs(current);
      void message.success(t('log.exported', { file }));
    } catch (error) {
      // A failed call is shown by the request client.
      logUnlessShown(error, 'operation log export');
    } finally {
      setExporting(false);
    }
  };

  const typeLabel = useCallback((type: string) => t(`log.types.${type}`, { defaultValue: type }), [t]);
  // Each column as wide as its content on the page; operators and descriptions share the rest.
  const columns = useMemo<FitColumn<LogRow>[]>(
    () => [
      timeColumn<LogRow>({ title: t('log.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) }),
      ellipsisColumn<LogRow>(
        {
          title: t('log.operator'),
          dataIndex: 'operatorName',
          width: 150,
          render: (name: string, row) => operatorLabel(name, row),
        },
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
          render: (code: number) =>
            code === 0 ? <Tag color="success">{t('log.resultOk')}</Tag> : <Tag color="error">{t('log.resultFailed', { code })}</Tag>,
        },
        (row) => ({ tags: [row.resultCode === 0 ? t('log.resultOk') : t('log.resultFailed', { code: row.resultCode })] }),
      ),
      actionColumn<LogRow>(t('common.actions'), 1, (row) => (
        <RowAction icon={<EyeOutlined aria-hidden />} label={t('common.detail')} onClick={() => setDetail(row)} />
      )),
    ],
    [t, typeLabel],
  );

  const fitted = useFittedTable(columns, tableProps.dataSource);

  return (
    <AdminPage
      id="log-page"
      titleKey="sysLog"
      toolbar={
        <Form<LogFilterValues> form={form} name="log-filters" layout="inline" onFinish={apply} style={{ rowGap: 8 }}>
          <Form.Item name="range" label={t('log.timeRange')}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm:ss' }}
              format={dateFormats}
              needConfirm={false}
              placeholder={[t('log.startTime'), t('log.endTime')]}
              allowEmpty={[true, true]}
            />
          </Form.Item>
          <Form.Item name="operator" label={t('log.operator')}>
            <Input allowClear maxLength={64} placeholder={t('log.operatorPlaceholder')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="action" label={t('log.action')}>
            <Input allowClear maxLength={64} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="type" label={t('log.type')}>
            <Select
              allowClear
              placeholder={t('log.anyType')}
              style={{ width: 140 }}
              options={LOG_TYPES.map((type) => ({ value: type, label: t(`log.types.${type}`) }))}
            />
          </Form.Item>
          <Form.Item name="ip" label={t('log.ip')}>
            <Input allowClear maxLength={64} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item>
            <Button id="log-search" type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
              {t('common.search')}
            </Button>
          </Form.Item>
          <Form.Item>
            <Button
              id="log-reset"
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              {t('common.reset')}
            </Button>
          </Form.Item>
          <Form.Item>
            <Button id="log-export" icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void onExport()}>
              {t('log.export')}
            </Button>
          </Form.Item>
        </Form>
      }
    >
      <Table<LogRow> id="log-table" size="middle" {...tableProps} {...fitted} />
      {detail ? <LogDetailDrawer row={detail} onClose={() => setDetail(null)} /> : null}
    </AdminPage>
  );
}
