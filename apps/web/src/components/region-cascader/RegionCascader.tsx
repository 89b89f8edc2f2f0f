import type { RegionOption } from '@agromet/contracts';
import { Cascader } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/request';
import { usePlaceholderFit } from '../admin-list/use-placeholder-fit';
import { mergeOptions, pathTo } from './region-tree';

/**
 * A GB/T 2260 region chosen province → prefecture → county. The table stays on the server: the provinces (and the
 * way to the current value) come from GET /api/region/options, each further level when it is opened. The value is
 * the code of the deepest level chosen; with `anyLevel` a province or prefecture may be chosen too (a filter). The
 * names come in the interface language (榆阳区, Yuyang District, Distrito de Yuyang) and are fetched again when it changes.
 */
export function RegionCascader({
  id,
  value,
  onChange,
  placeholder,
  anyLevel,
  style,
  ariaLabel,
  onOpenChange,
}: {
  id?: string;
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  anyLevel?: boolean;
  style?: React.CSSProperties;
  ariaLabel?: string;
  /** The list of regions opened or closed (a dialog holding the picker keeps Escape from closing itself). */
  onOpenChange?: (open: boolean) => void;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  // The options loaded, with the language they are named in: another language's are not shown.
  const [loaded, setLoaded] = useState<{ lang: string; options: RegionOption[] }>({ lang, options: [] });
  const options = useMemo(() => (loaded.lang === lang ? loaded.options : []), [loaded, lang]);
  const add = (fresh: RegionOption[]) =>
    setLoaded((old) => ({ lang, options: old.lang !== lang || old.options.length === 0 ? fresh : mergeOptions(old.options, fresh) }));
  const code = value ?? undefined;

  useEffect(() => {
    let live = true;
    const known = code ? pathTo(options, code).length > 0 : options.length > 0;
    if (known) return;
    void request('regionOptions', { query: code ? { code } : {}, silent: true })
      .then((fresh) => {
        if (live) add(fresh);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads when the value needs a path not loaded yet, or the language changed
  }, [code, lang]);

  // The same path keeps the same array: a new one each time a level loads would make the cascader close the levels the
  // user opened below a chosen province or prefecture (it goes back to the value's path when the value changes).
  const pathKey = code ? pathTo(options, code).join(',') : '';
  const path = useMemo(() => (pathKey ? pathKey.split(',') : []), [pathKey]);
  // A filter given a width in pixels widens to show its whole placeholder ("Región (provincia/ciudad/condado)").
  const fixed = typeof style?.width === 'number' ? style.width : undefined;
  const fitted = usePlaceholderFit(fixed === undefined ? undefined : id, placeholder, fixed ?? 0, code === undefined);

  const loadData = (selected: RegionOption[]) => {
    const target = selected.at(-1);
    if (!target || target.isLeaf || target.children) return;
    void request('regionOptions', { query: { code: target.value }, silent: true }).then((fresh) => add(fresh));
  };

  return (
    <Cascader<RegionOption>
      id={id}
      aria-label={ariaLabel ?? placeholder}
      style={fixed === undefined ? style : { ...style, width: fitted, maxWidth: '100%' }}
      options={options}
      value={path.length > 0 ? path : undefined}
      placeholder={placeholder}
      loadData={loadData}
      changeOnSelect={anyLevel}
      allowClear
      showSearch={false}
      onOpenChange={onOpenChange}
      onChange={(next) => onChange?.(next && next.length > 0 ? String(next.at(-1)) : undefined)}
    />
  );
}
