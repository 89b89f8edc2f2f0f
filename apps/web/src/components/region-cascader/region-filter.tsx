import type { ListFilters } from '../admin-list/list-url-state';
import type { FilterField } from '../admin-list/use-list-page';
import { RegionCascader } from './RegionCascader';

/** A list page's region filter: the cascader at any level (province, city or county), its code kept under `key`. */
export function regionFilter<F extends ListFilters>(key: keyof F & string, id: string, placeholder: string, width: number): FilterField<F> {
  return {
    kind: 'custom',
    key,
    render: (code, onChange) => (
      <RegionCascader id={id} anyLevel placeholder={placeholder} style={{ width }} value={code} onChange={onChange} />
    ),
  };
}
