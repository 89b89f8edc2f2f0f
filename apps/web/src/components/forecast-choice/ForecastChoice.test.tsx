// @vitest-environment jsdom
import type { ForecastTypeInfo, ProductFactor } from '@agromet/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format-time';
import { ForecastChoice } from './ForecastChoice';

const factor = (code: string, unit: string, baseTimes: string[]) => ({ code, name: code.toUpperCase(), unit, baseTimes }) as ProductFactor;
const type = (code: string, factors: ProductFactor[]) => ({ code, name: `${code} forecast`, factors }) as ForecastTypeInfo;
const RUNS = ['2026-11-24T00:00:00Z', '2026-11-23T12:00:00Z'];
const TYPES = [
  type('fine', [factor('tmp', '℃', RUNS), factor('wp', '', RUNS), factor('rh', '%', [])]),
  type('empty', [factor('tmp', '℃', [])]),
  type('medium', [factor('tmp', '℃', RUNS.slice(1))]),
];
const FIELDS = { type: { label: 'Type' }, factor: { label: 'Element' }, baseTime: { label: 'Run' } };

/** The options a select offers once opened (its dropdown, the newest in the page). */
function optionsOf(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const dropdown = [...document.querySelectorAll('.ant-select-dropdown')].at(-1)!;
  return [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
}

describe('ForecastChoice', () => {
  it('offers the types and elements that have grids, an element with its unit and the runs of the element', () => {
    const on = { type: vi.fn(), factor: vi.fn(), baseTime: vi.fn() };
    render(<ForecastChoice types={TYPES} value={{ type: 'fine', factor: 'tmp', baseTime: RUNS[0] }} on={on} fields={FIELDS} />);
    expect(optionsOf('Type')).toEqual(['fine forecast', 'medium forecast']);
    expect(optionsOf('Element')).toEqual(['TMP (℃)', 'WP']);
    expect(optionsOf('Run')).toEqual(RUNS.map(formatDateTime));
  });

  it('gives the code chosen to the caller, and has no run to choose without a handler of it', () => {
    const on = { type: vi.fn(), factor: vi.fn() };
    const fields = { type: { label: 'Type', id: 'type' }, factor: { label: 'Element', id: 'element' } };
    render(<ForecastChoice types={TYPES} value={{ type: 'fine', factor: 'tmp' }} on={on} fields={fields} formItems />);
    expect(screen.queryByRole('combobox', { name: 'Run' })).toBeNull();
    optionsOf('Element');
    fireEvent.click(screen.getByTitle('WP'));
    expect(on.factor).toHaveBeenCalledWith('wp', expect.anything());
    expect(on.type).not.toHaveBeenCalled();
  });
});
