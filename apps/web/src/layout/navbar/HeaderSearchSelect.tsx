import { APP_ROUTES, filterRoutes } from '@agromet/contracts/web';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { createSearchIndex, searchEntries, searchPages } from './search-index';

/**
 * The header search's box: fuzzy search over the pages the user may open. Its own chunk (antd's select and fuse.js),
 * loaded by HeaderSearch when first opened.
 */
export function HeaderSearchSelect({
  query,
  onQuery,
  onChoose,
  onClose,
}: {
  query: string;
  onQuery: (query: string) => void;
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const roles = useUserStore((s) => s.roles);
  const language = i18n.language;

  // Rebuilt when the language or the permitted routes change.
  const index = useMemo(
    () => createSearchIndex(searchEntries(filterRoutes(APP_ROUTES, roles), (key) => t(`route.${key}`, { lng: language }))),
    [roles, t, language],
  );
  const options = useMemo(() => searchPages(index, query).map((e) => ({ value: e.path, label: e.title })), [index, query]);

  return (
    <Select
      id="header-search-select"
      className="header-search-select"
      autoFocus
      defaultOpen
      value={null}
      placeholder={t('navbar.searchPlaceholder')}
      aria-label={t('navbar.search')}
      showSearch={{ filterOption: false, searchValue: query, onSearch: onQuery }}
      options={options}
      notFoundContent={query.trim() ? t('navbar.searchEmpty') : null}
      suffixIcon={null}
      onChange={onChoose}
      onBlur={onClose}
      popupMatchSelectWidth={false}
    />
  );
}
