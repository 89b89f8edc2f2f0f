import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportAction } from '../../../components/admin-list/use-export-action';
import { useDateInputFormats } from '../../../lib/date-input';
import { exportLogs } from '../api/logs';
import { NS } from '../i18n';
import {
  LOG_TYPES,
  logFilterChange,
  logFilterValues,
  sameLogFilters,
  toLogFilters,
  type LogFilters,
  type LogFilterValues,
} from './log-filters';

/**
 * The operation log's filters: time range, operator, action, type and IP, asked for on Search (or Enter); Reset
 * empties them; the export beside them saves the rows the form names. Opens on the filters the address holds.
 */
export function LogFilterForm({ filters, filter }: { filters: LogFilters; filter: (change: LogFilters) => void }) {
  const { t } = useTranslation(NS);
  const dateFormats = useDateInputFormats('second');
  const [form] = Form.useForm<LogFilterValues>();
  const [initial] = useState(() => logFilterValues(filters, (iso) => dayjs(iso)));
  const exportAction = useExportAction({
    id: 'log-export',
    label: t('log.export'),
    // The filters in the form, as the list shows them after "search".
    run: () => {
      const values = form.getFieldsValue();
      if (!sameLogFilters(toLogFilters(values), filters)) filter(logFilterChange(values));
      return exportLogs(toLogFilters(values));
    },
    saved: (file) => t('log.exported', { file }),
    where: 'operation log export',
  });
  // An address given from elsewhere (a menu link to the bare page) shows its filters in the form too.
  useEffect(() => {
    if (!sameLogFilters(toLogFilters(form.getFieldsValue()), filters)) form.setFieldsValue(logFilterValues(filters, (iso) => dayjs(iso)));
  }, [filters, form]);
  const text = (name: 'operator' | 'action' | 'ip', width: number, placeholder?: string) => (
    <Form.Item name={name} label={t(`log.${name}`)}>
      <Input allowClear maxLength={64} placeholder={placeholder} style={{ width }} />
    </Form.Item>
  );
  return (
    <Form<LogFilterValues>
      form={form}
      name="log-filters"
      layout="inline"
      initialValues={initial}
      onFinish={(values) => filter(logFilterChange(values))}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="range" label={t('log.timeRange')}>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm:ss' }}
          format={dateFormats}
          needConfirm={false}
          placeholder={[t('log.startTime'), t('log.endTime')]}
          allowEmpty={[true, true]}
        />
      </Form.Item>
      {text('operator', 160, t('log.operatorPlaceholder'))}
      {text('action', 140)}
      <Form.Item name="type" label={t('log.type')}>
        <Select
          allowClear
          placeholder={t('log.anyType')}
          style={{ width: 140 }}
          options={LOG_TYPES.map((type) => ({ value: type, label: t(`log.types.${type}`) }))}
        />
      </Form.Item>
      {text('ip', 140)}
      <Form.Item>
        <Button id="log-search" type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          id="log-reset"
          onClick={() => {
            // Empty, not back to the filters the page opened with.
            form.setFieldsValue({ range: undefined, operator: undefined, action: undefined, type: undefined, ip: undefined });
            filter(logFilterChange({}));
          }}
        >
          {t('common.reset')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button id={exportAction.id} icon={exportAction.icon} loading={exportAction.loading} onClick={exportAction.onClick}>
          {exportAction.label}
        </Button>
      </Form.Item>
    </Form>
  );
}
