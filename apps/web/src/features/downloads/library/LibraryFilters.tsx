import { DOWNLOAD_KINDS } from '@agromet/contracts/web';
import { DatePicker, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, KeywordSearch } from '../../../components/admin-list/ListToolbar';
import type { FilterField } from '../../../components/admin-list/use-list-page';
import { useDateInputFormats } from '../../../lib/date-input';
import { useForecastCatalog } from '../api/station-table';
import { NS } from '../i18n';
import { typeChange, type LibraryListFilters } from './library-rules';

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * The library's filters, in toolbar order, as the list page keeps them (in the address): kind, forecast type (a new
 * one drops the factor) and factor, time range, author, name. The tab draws them itself (it has no heading of its own).
 */
export function useLibraryFields(): FilterField<LibraryListFilters>[] {
  const { t } = useTranslation(NS);
  const dateFormats = useDateInputFormats();
  const catalog = useForecastCatalog();
  const [range, setRange] = useState<Range | undefined>(undefined);
  return useMemo<FilterField<LibraryListFilters>[]>(() => {
    const types = catalog.data ?? [];
    return [
      {
        kind: 'custom',
        key: 'kind',
        values: DOWNLOAD_KINDS,
        render: (kind, onChange) => (
          <FilterSelect<string>
            id="dl-kind-filter"
            label={t('filter.kind')}
            width={150}
            value={kind}
            options={DOWNLOAD_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            onChange={onChange}
          />
        ),
      },
      {
        kind: 'custom',
        key: 'type',
        render: (type, _onChange, filter) => (
          <FilterSelect<string>
            id="dl-type-filter"
            label={t('filter.type')}
            width={170}
            value={type}
            loading={catalog.isPending}
            options={types.map((x) => ({ value: x.code, label: x.name }))}
            onChange={(next) => filter(typeChange(next))}
          />
        ),
      },
      {
        kind: 'custom',
        key: 'factor',
        render: (factor, onChange, _filter, filters) => (
          <FilterSelect<string>
            id="dl-factor-filter"
            label={t('filter.factor')}
            width={140}
            value={factor}
            options={(types.find((x) => x.code === filters.type)?.factors ?? []).map((f) => ({ value: f.code, label: f.name }))}
            onChange={onChange}
          />
        ),
      },
      {
        kind: 'custom',
        key: 'from',
        also: ['to'],
        render: (from, _onChange, filter, filters) => (
          <DatePicker.RangePicker
            id="dl-time-filter"
            format={dateFormats}
            aria-label={t('filter.time')}
            placeholder={[t('filter.from'), t('filter.to')]}
            allowEmpty={[true, true]}
            // A range opened from the address shows in the picker; afterwards the picker sets both ends.
            value={
              range !== undefined ? range : from || filters.to ? [from ? dayjs(from) : null, filters.to ? dayjs(filters.to) : null] : null
            }
            style={{ width: 250 }}
            onChange={(v) => {
              setRange(v);
              filter({ from: v?.[0]?.startOf('day').toISOString() ?? undefined, to: v?.[1]?.endOf('day').toISOString() ?? undefined });
            }}
          />
        ),
      },
      {
        kind: 'custom',
        key: 'author',
        render: (author, onChange) => <AuthorFilter author={author ?? ''} onChange={(a) => onChange(a || undefined)} />,
      },
      {
        kind: 'custom',
        key: 'name',
        render: (_name, onChange) => (
          <KeywordSearch id="dl-name-search" placeholder={t('filter.name')} width={240} onSearch={(name) => onChange(name || undefined)} />
        ),
      },
    ];
  }, [t, dateFormats, catalog.data, catalog.isPending, range]);
}

/** Who made the files: applied on Enter or on leaving the box, cleared at once. */
function AuthorFilter({ author, onChange }: { author: string; onChange: (author: string) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Input
      id="dl-author-filter"
      aria-label={t('filter.author')}
      placeholder={t('filter.author')}
      allowClear
      maxLength={64}
      defaultValue={author}
      style={{ width: 120 }}
      onPressEnter={(e) => onChange(e.currentTarget.value.trim())}
      onChange={(e) => {
        if (e.target.value === '') onChange('');
      }}
      onBlur={(e) => {
        if (e.target.value.trim() !== author) onChange(e.target.value.trim());
      }}
    />
  );
}
