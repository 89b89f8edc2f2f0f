import type { RegionOption } from '@agromet/contracts';
import { Cascader } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { request } from '../../lib/request';
import { usePlaceholderFit } from '../admin-list/use-placeholder-fit';
import { mergeOptions, pathTo } from './region-tree';

/**
 * A GB/T 2260 region chosen province → prefecture → county. The table stays on the server: the provinces (and the
 * way to the current value) come from GET /api/region/options, each further level when it is opened. The value is
 * the code of the deepest level chosen; with `anyLevel` a province or prefecture may be chosen too (a filter).
 */
export function RegionCascader({
  id,
  value,
  onChange,
  placeholder,
  anyLevel,
  style,
  ariaLabel,
}: {
  id?: string;
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  anyLevel?: boolean;
  style?: React.CSSProperties;
  ariaLabel?: string;
}) {
  const [options, setOptions] = useState<RegionOption[]>([]);
  const code = value ?? undefined;

  useEffect(() => {
    let live = true;
    const known = code ? pathTo(options, code).length > 0 : options.length > 0;
    if (known) return;
    void request('regionOptions', { query: code ? { code } : {}, silent: true })
      .then((fresh) => {
        if (live) setOptions((old) => (old.length === 0 ? fresh : mergeOptions(old, fresh)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads when the value needs a path not loaded yet
  }, [code]);

  const path = useMemo(() => (code ? pathTo(options, code) : []), [options, code]);
  // A filter given a width in pixels widens to show its whole placeholder ("Región (provincia/ciudad/condado)").
  const fixed = typeof style?.width === 'number' ? style.width : undefined;
  const fitted = usePlaceholderFit(fixed === undefined ? undefined : id, placeholder, fixed ?? 0, code === undefined);

  const loadData = (selected: RegionOption[]) => {
    const target = selected.at(-1);
    if (!target || target.isLeaf || target.children) return;
    void request('regionOptions', { query: { code: target.value }, silent: true }).then((fresh) =>
      setOptions((old) => mergeOptions(old, fresh)),
    );
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
      onChange={(next) => onChange?.(next && next.length > 0 ? String(next.at(-1)) : undefined)}
    />
  );
}
