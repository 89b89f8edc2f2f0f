import { REVISION_KINDS } from '@agromet/contracts/web';
import { Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapLayers } from '../../../components/map/use-map-data';
import { useDateInputFormats } from '../../../lib/date-input';
import { useForecastTypes } from '../api/allocation';
import { formatDateMinute } from '../common/format';
import { NS } from '../i18n';
import {
  recordFilterChange,
  recordFilterValues,
  sameRecordFilters,
  type RecordListFilters,
  type RecordFilterValues,
} from './record-filters';
import { nameWithUnit } from '../../../lib/format-unit';

type FormValues = RecordFilterValues<Dayjs>;

const EMPTY: FormValues = {
  type: undefined,
  factor: undefined,
  user: undefined,
  kind: undefined,
  range: undefined,
  baseTime: undefined,
  lead: undefined,
};

/**
 * The record list's filters: forecast type and factor, who, what kind, when, base time and lead, asked for on
 * Search; Reset empties them. Opens on the filters the address holds (the list page keeps them there).
 */
export function RecordFilters({ filters, filter }: { filters: RecordListFilters; filter: (change: RecordListFilters) => void }) {
  const { t } = useTranslation(NS);
  const dateFormats = useDateInputFormats('minute');
  const [form] = Form.useForm<FormValues>();
  const [initial] = useState(() => recordFilterValues(filters, (iso) => dayjs(iso)));
  const types = useForecastTypes();
  const { data: layers } = useMapLayers();
  const type = Form.useWatch('type', form);
  const f = (key: string) => t(`record.filters.${key}`);
  // An address given from elsewhere (a menu link to the bare page) shows its filters in the form too.
  useEffect(() => {
    if (!sameRecordFilters(recordFilterChange(form.getFieldsValue()), filters)) {
      form.setFieldsValue({ ...EMPTY, ...recordFilterValues(filters, (iso) => dayjs(iso)) });
    }
  }, [filters, form]);

  const factorOptions = useMemo(
    () => (types.data ?? []).find((x) => x.code === type)?.factors.map((x) => ({ value: x.code, label: nameWithUnit(x) })) ?? [],
    [types.data, type],
  );
  const baseTimeOptions = useMemo(() => {
    const products = (layers?.products ?? []).filter((p) => !type || p.code === type);
    const times = [...new Set(products.flatMap((p) => p.baseTimes))].sort().reverse();
    return times.map((iso) => ({ value: iso, label: formatDateMinute(iso) }));
  }, [layers, type]);

  return (
    <Form<FormValues>
      form={form}
      name="record-filters"
      layout="vertical"
      size="small"
      className="dr-filters"
      initialValues={initial}
      onFinish={(v) => filter(recordFilterChange(v))}
      onValuesChange={(changed: Partial<FormValues>) => {
        if ('type' in changed) form.setFieldsValue({ factor: undefined, baseTime: undefined });
      }}
    >
      <Form.Item name="type" label={f('type')}>
        <Select allowClear loading={types.isPending} options={(types.data ?? []).map((x) => ({ value: x.code, label: x.name }))} />
      </Form.Item>
      <Form.Item name="factor" label={f('factor')}>
        <Select allowClear disabled={!type} options={factorOptions} />
      </Form.Item>
      <Form.Item name="kind" label={f('kind')}>
        <Select allowClear options={REVISION_KINDS.map((k) => ({ value: k, label: t(`record.kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="user" label={f('user')}>
        <Input allowClear maxLength={64} placeholder={f('userPlaceholder')} />
      </Form.Item>
      <Form.Item name="baseTime" label={f('baseTime')}>
        <Select allowClear options={baseTimeOptions} />
      </Form.Item>
      <Form.Item name="lead" label={f('lead')}>
        <InputNumber min={0} max={10_000} step={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="range" label={f('timeRange')} className="dr-filters-wide">
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format={dateFormats}
          needConfirm={false}
          allowEmpty={[true, true]}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <div className="dr-filter-actions">
        <Button id="record-search" type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
        <Button
          id="record-reset"
          onClick={() => {
            // Empty, not back to the filters the page opened with.
            form.setFieldsValue(EMPTY);
            filter(recordFilterChange({}));
          }}
        >
          {t('common.reset')}
        </Button>
      </div>
    </Form>
  );
}
