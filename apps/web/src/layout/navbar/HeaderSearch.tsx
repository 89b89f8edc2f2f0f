import { APP_ROUTES, filterRoutes } from '@agromet/contracts/web';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../stores/user';
import { createSearchIndex, searchEntries, searchPages } from './search-index';

/** Fuzzy search over the pages the user may open; choosing one opens it. */
export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const roles = useUserStore((s) => s.roles);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const language = i18n.language;

  // Rebuilt when the language or the permitted routes change.
  const index = useMemo(
    () => createSearchIndex(searchEntries(filterRoutes(APP_ROUTES, roles), (key) => t(`route.${key}`, { lng: language }))),
    [roles, t, language],
  );
  const options = useMemo(() => searchPages(index, query).map((e) => ({ value: e.path, label: e.title })), [index, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <div className={open ? 'header-search show' : 'header-search'}>
      <Button
        id="header-search"
        type="text"
        className="navbar-button"
        aria-label={t('navbar.search')}
        icon={<SearchOutlined aria-hidden />}
        onClick={() => (open ? close() : setOpen(true))}
      />
      {open ? (
        <Select
          id="header-search-select"
          className="header-search-select"
          autoFocus
          defaultOpen
          value={null}
          placeholder={t('navbar.searchPlaceholder')}
          aria-label={t('navbar.search')}
          showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery }}
          options={options}
          notFoundContent={query.trim() ? t('navbar.searchEmpty') : null}
          suffixIcon={null}
          onChange={(path: string) => {
            close();
            void navigate(path);
          }}
          onBlur={close}
          popupMatchSelectWidth={false}
        />
      ) : null}
    </div>
  );
}
