import { APP_ROUTES, filterRoutes } from '@agromet/contracts/web';
import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../stores/user';
import { searchKeyAction } from './search-keys';

type SearchModule = typeof import('./search-index');
// The index (fuse.js) loads when the search is first opened or pointed at; what is typed meanwhile is kept in the
// box and searched as soon as it is there.
let searchModule: Promise<SearchModule> | null = null;
const loadSearch = () => (searchModule ??= import('./search-index'));

/** The search module once loaded. */
function useSearchModule(wanted: boolean): SearchModule | null {
  const [loaded, setLoaded] = useState<SearchModule | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadSearch().then(
      (m) => live && setLoaded(m),
      () => {
        searchModule = null; // a later opening tries again
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return loaded;
}

/**
 * Fuzzy search over the pages the user may open; choosing one opens it. A plain input with a list of results (the
 * WAI-ARIA combobox pattern), so the top bar does not load the component library's select (docs/console.md#weight).
 */
export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const roles = useUserStore((s) => s.roles);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const search = useSearchModule(open);
  const listId = useId();
  const language = i18n.language;

  // Rebuilt when the language or the permitted routes change.
  const index = useMemo(
    () => search?.createSearchIndex(search.searchEntries(filterRoutes(APP_ROUTES, roles), (key) => t(`route.${key}`, { lng: language }))),
    [search, roles, t, language],
  );
  const results = useMemo(() => (search && index ? search.searchPages(index, query) : []), [search, index, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(-1);
  };
  const openPage = (path: string) => {
    close();
    void navigate(path);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const action = searchKeyAction(e.key, active, results.length);
    if (action.kind === 'none') return;
    e.preventDefault();
    if (action.kind === 'move') setActive(action.active);
    else if (action.kind === 'open') openPage(results[action.index]!.path);
    else close();
  };

  const showList = open && query.trim() !== '' && search !== null;
  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className={open ? 'header-search show' : 'header-search'}>
      <Button
        id="header-search"
        type="text"
        className="navbar-button"
        aria-label={t('navbar.search')}
        icon={<SearchOutlined aria-hidden />}
        onPointerEnter={() => void loadSearch().catch(() => (searchModule = null))}
        onClick={() => (open ? close() : setOpen(true))}
      />
      {open ? (
        <div className="header-search-box">
          <input
            id="header-search-input"
            className="header-search-input"
            role="combobox"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            aria-label={t('navbar.search')}
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            placeholder={t('navbar.searchPlaceholder')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          {showList ? (
            <ul id={listId} role="listbox" className="header-search-list" aria-label={t('navbar.search')}>
              {results.length === 0 ? (
                <li className="header-search-empty" role="presentation">
                  {t('navbar.searchEmpty')}
                </li>
              ) : (
                results.map((entry, i) => (
                  <li
                    key={entry.path}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className={i === active ? 'header-search-option active' : 'header-search-option'}
                    // Keep the focus in the box: a blur would close the list before the click lands.
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => openPage(entry.path)}
                  >
                    {entry.title}
                  </li>
                ))
              )}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
