import { ARTICLE_STATES } from '@agromet/contracts/web';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/admin-list/ListToolbar';
import type { FilterField } from '../../components/admin-list/use-list-page';
import { useDateInputFormats } from '../../lib/date-input';
import { useArticleKinds } from './api/articles';
import type { ArticleListFilters } from './article-list-rules';
import { NS } from './i18n';

type Range = [Dayjs | null, Dayjs | null] | null;

/** The bulletins' filters: title and text, kind, state, time range (one picker sets both ends) and "mine". */
export function useArticleFields() {
  const { t } = useTranslation(NS);
  const dateFormats = useDateInputFormats();
  const kinds = useArticleKinds();
  const [range, setRange] = useState<Range>(null);
  const fields = useMemo<FilterField<ArticleListFilters>[]>(
    () => [
      { kind: 'keyword', key: 'keyword', id: 'article-search', placeholder: t('list.searchPlaceholder'), width: 220 },
      {
        kind: 'custom',
        key: 'kindId',
        render: (value, onChange) => (
          <FilterSelect<string>
            id="article-filter-kind"
            label={t('list.allKinds')}
            width={160}
            value={value}
            loading={kinds.isLoading}
            options={(kinds.data ?? []).map((k) => ({ value: String(k.id), label: k.name }))}
            onChange={onChange}
          />
        ),
      },
      {
        kind: 'select',
        key: 'state',
        id: 'article-filter-state',
        label: t('list.allStates'),
        width: 120,
        options: ARTICLE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
      },
      {
        kind: 'custom',
        key: 'from',
        also: ['to'],
        render: (_from, _onChange, filter) => (
          <DatePicker.RangePicker
            id="article-filter-time"
            format={dateFormats}
            style={{ width: 240 }}
            value={range}
            placeholder={[t('fields.time'), t('fields.time')]}
            onChange={(next) => {
              setRange(next);
              filter({
                from: next?.[0]?.startOf('day').toISOString() ?? undefined,
                to: next?.[1]?.endOf('day').toISOString() ?? undefined,
              });
            }}
          />
        ),
      },
      { kind: 'check', key: 'mine', id: 'article-filter-mine', label: t('list.mine') },
    ],
    [t, dateFormats, kinds.data, kinds.isLoading, range],
  );
  return { fields, range, setRange };
}

/** A time range opened from the address shows in its picker (on opening only: afterwards the picker sets both ends). */
export function useOpenedRange(opened: ArticleListFilters, { range, setRange }: { range: Range; setRange: (r: Range) => void }) {
  useEffect(() => {
    if (range === null && (opened.from || opened.to))
      setRange([opened.from ? dayjs(opened.from) : null, opened.to ? dayjs(opened.to) : null]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
