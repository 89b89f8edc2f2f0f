import type { RevisionRecord } from '@agromet/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateMinute } from '../common/format';
import { NS } from '../i18n';
import { recordState, summariseRecord, type SummaryPart } from './record-summary';

/** Translates summary parts (nested keys first) and joins them. */
export function useSummaryText() {
  const { t } = useTranslation(NS);
  const part = useCallback(
    (p: SummaryPart) => {
      const nested = Object.fromEntries(Object.entries(p.nested ?? {}).map(([k, key]) => [k, t(key)]));
      return t(p.key, { ...p.values, ...nested });
    },
    [t],
  );
  return useCallback(
    (rec: Pick<RevisionRecord, 'kind' | 'parameters' | 'unit' | 'recovers'>) =>
      summariseRecord(rec).map(part).join(t('common.listSeparator')),
    [part, t],
  );
}

/** The state column's text. */
export function useStateText() {
  const { t } = useTranslation(NS);
  return useCallback(
    (rec: Pick<RevisionRecord, 'kind' | 'recovered' | 'recoveredBy' | 'recovers'>) => {
      const s = recordState(rec);
      return t(s.key, s.values);
    },
    [t],
  );
}

/** "精细化网格预报 · 气温 · 2026-11-22 20:00 + 24 小时": the grid a record changed. */
export function useGridName() {
  const { t } = useTranslation(NS);
  return useCallback(
    (rec: Pick<RevisionRecord, 'typeName' | 'factorName' | 'baseTime' | 'lead'>) =>
      `${rec.typeName} · ${rec.factorName} · ${formatDateMinute(rec.baseTime)} + ${t('common.hours', { hours: rec.lead })}`,
    [t],
  );
}
