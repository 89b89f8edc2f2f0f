// @vitest-environment jsdom
import type { GisLayers } from '@agromet/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { RegionFields } from './RegionFields';

const BOUNDARIES = [
  { id: 'provinces', name: 'Provinces', url: '/p.json' },
  { id: 'u7', name: 'Farms', url: '/u7.json' },
] as GisLayers['boundaries'];
const IDS = { region: 'r', layer: 'l', area: 'a' };

function renderFields(props: Partial<ComponentProps<typeof RegionFields>>) {
  const on = { region: vi.fn(), layer: vi.fn(), area: vi.fn() };
  const areas = { data: [{ index: 0, name: 'Shaanxi' }], isFetching: false };
  render(
    <RegionFields
      boundaries={BOUNDARIES}
      region="area"
      layer={BOUNDARIES[1]}
      areaIndex={undefined}
      areas={areas}
      on={on}
      ids={IDS}
      rowClassName="row"
      {...props}
    />,
  );
  return on;
}

// The component's own words, in English; the language the other tests of this worker had comes back after.
const before = i18n.language;
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage(before));

describe('RegionFields', () => {
  it('asks for a layer and an area only when an area is the region', () => {
    const on = renderFields({ region: 'customer' });
    expect(screen.queryByRole('combobox', { name: 'Area' })).toBeNull();
    fireEvent.click(screen.getByLabelText('A boundary area'));
    expect(on.region).toHaveBeenCalledWith('area');
  });

  it("shows the layer and gives the area's index chosen", () => {
    const on = renderFields({});
    expect(screen.getByRole('combobox', { name: 'Boundary layer' }).closest('.ant-select')).toHaveTextContent('Farms');
    expect(screen.getByRole('combobox', { name: 'Area' }).closest('.ant-select')).toHaveTextContent('Choose an area');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Area' }));
    fireEvent.click(screen.getByTitle('Shaanxi'));
    expect(on.area).toHaveBeenCalledWith(0, expect.anything());
  });
});
