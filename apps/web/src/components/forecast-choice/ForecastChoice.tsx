import type { ForecastTypeInfo } from '@agromet/contracts';
import { Form, Select, type SelectProps } from 'antd';
import { formatDateTime } from '../../lib/format-time';
import { nameWithUnit } from '../../lib/format-unit';
import { factorsWithGrids, typesWithGrids } from './with-grids';

type ForecastType = Pick<ForecastTypeInfo, 'code' | 'name' | 'factors'>;
type Factor = ForecastTypeInfo['factors'][number];

/** A forecast as the catalogue codes it: its type, an element (factor) of the type and a run (base time) of the element. */
export interface ForecastPick {
  type?: string;
  factor?: string;
  baseTime?: string;
}

/** One of the selects: its label (a form field's, or else the select's accessible name) and the select's own look. */
export type ForecastField = { label: string } & Pick<SelectProps, 'id' | 'className' | 'style' | 'placeholder' | 'loading' | 'showSearch'>;

/**
 * The choice of a forecast, type → element → run, as the map's product bar, the station table and the product form
 * offer it: the types and elements that have grids, an element named with its unit, a run by its time. What a choice
 * changes besides (another type takes its first element, …) is the caller's rule: `on` gets the code chosen. Without
 * `on.baseTime` no run is chosen. With `formItems` each select is a labelled form field. The selects come as siblings,
 * for the caller's row to lay out.
 */
export function ForecastChoice({
  types,
  value,
  on,
  fields,
  formItems = false,
  common,
  typeName = (type) => type.name,
  factorName = (factor) => factor.name,
}: {
  types: readonly ForecastType[];
  value: ForecastPick;
  on: { type: (code: string) => void; factor: (code: string) => void; baseTime?: (baseTime: string) => void };
  fields: { type: ForecastField; factor: ForecastField; baseTime?: ForecastField };
  formItems?: boolean;
  /** Select props every select shares (size, popup width). */
  common?: Pick<SelectProps, 'size' | 'popupMatchSelectWidth'>;
  /** Names in the interface language, where the caller has them (the catalogue's are Chinese). */
  typeName?: (type: ForecastType) => string;
  factorName?: (factor: Factor) => string;
}) {
  const type = types.find((x) => x.code === value.type);
  const factors = factorsWithGrids(type);
  const factor = factors.find((f) => f.code === value.factor);

  const field = (
    { label, ...look }: ForecastField,
    select: { value: string | undefined; options: Array<{ value: string; label: string }>; onChange: (code: string) => void },
  ) => {
    const input = <Select {...common} {...look} {...select} aria-label={formItems ? undefined : label} />;
    return formItems ? (
      <Form.Item label={label} htmlFor={look.id}>
        {input}
      </Form.Item>
    ) : (
      input
    );
  };

  return (
    <>
      {field(fields.type, {
        value: value.type,
        options: typesWithGrids(types).map((x) => ({ value: x.code, label: typeName(x) })),
        onChange: on.type,
      })}
      {field(fields.factor, {
        value: value.factor,
        options: factors.map((f) => ({ value: f.code, label: nameWithUnit({ name: factorName(f), unit: f.unit }) })),
        onChange: on.factor,
      })}
      {on.baseTime && fields.baseTime
        ? field(fields.baseTime, {
            value: value.baseTime,
            options: (factor?.baseTimes ?? []).map((b) => ({ value: b, label: formatDateTime(b) })),
            onChange: on.baseTime,
          })
        : null}
    </>
  );
}
