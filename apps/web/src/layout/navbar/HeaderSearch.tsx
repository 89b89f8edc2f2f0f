import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyPart } from '../../lib/lazy-part';

const loadSearchSelect = () => import('./HeaderSearchSelect');
// antd's select and the fuzzy index are fetched when the search is first opened (or pointed at), not with the shell.
const HeaderSearchSelect = lazyPart(() => loadSearchSelect().then((m) => m.HeaderSearchSelect));

/** Fuzzy search over the pages the user may open; choosing one opens it. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

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
        onPointerEnter={() => void loadSearchSelect()}
        onFocus={() => void loadSearchSelect()}
        onClick={() => (open ? close() : setOpen(true))}
      />
      {open ? (
        <Suspense
          fallback={
            // While the box loads, what is typed is kept and handed to it.
            <input
              className="header-search-select header-search-pending"
              style={{ height: 32, padding: '0 11px', border: '1px solid #d9d9d9', borderRadius: 6, outline: 'none' }}
              autoFocus
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('navbar.searchPlaceholder')}
              aria-label={t('navbar.search')}
            />
          }
        >
          <HeaderSearchSelect
            query={query}
            onQuery={setQuery}
            onChoose={(path) => {
              close();
              void navigate(path);
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
