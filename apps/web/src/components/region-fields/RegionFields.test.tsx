// @vitest-environment jsdom
import type { GisLayers } from '@agromet/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RegionFields } from './RegionFields';

const BOUNDARIES = [
  { id: 'provinces', name: 'Provinces', url: '/p.json' },
  { id: 'u7', name: 'Farms', url: '/u7.json' },
] as GisLayers['boundaries'];
const LABELS = { region: 'Region', customer: 'Ours', area: 'An area', layer: 'Layer', areaName: 'Area', chooseArea: 'Choose one' };
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
      labels={LABELS}
      rowClassName="row"
      {...props}
    />,
  );
  return on;
}

describe('RegionFields', () => {
  it('asks for a layer and an area only when an area is the region', () => {
    const on = renderFields({ region: 'customer' });
    expect(screen.queryByRole('combobox', { name: 'Area' })).toBeNull();
    fireEvent.click(screen.getByLabelText('An area'));
    expect(on.region).toHaveBeenCalledWith('area');
  });

  it("shows the layer and gives the area's index chosen", () => {
    const on = renderFields({});
    expect(screen.getByRole('combobox', { name: 'Layer' }).closest('.ant-select')).toHaveTextContent('Farms');
    expect(screen.getByRole('combobox', { name: 'Area' }).closest('.ant-select')).toHaveTextContent('Choose one');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Area' }));
    fireEvent.click(screen.getByTitle('Shaanxi'));
    expect(on.area).toHaveBeenCalledWith(0, expect.anything());
  });
});
