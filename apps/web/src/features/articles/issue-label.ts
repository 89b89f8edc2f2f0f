import { issueLabel } from '@agromet/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/i18n/languages';

/** A document's issue number written in an interface language ("2026 年第 1 期", "No. 1, 2026", "N.º 1, 2026"). */
export function issueLabelIn(language: string, a: { year: number; issueNo: number }): string {
  return issueLabel(a.year, a.issueNo, isLanguage(language) ? language : DEFAULT_LANGUAGE);
}

/** Issue numbers in the interface language, written again when it changes (not the server's, read in another one). */
export function useIssueLabel(): (a: { year: number; issueNo: number }) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((a) => issueLabelIn(language, a), [language]);
}
