// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StationPick } from './StationPick';

const STATIONS = [
  { id: 1, name: 'Xi’an', stationNumber: '57036', longitude: 108.9, latitude: 34.3 },
  { id: 2, name: 'Huashan', stationNumber: '57046', longitude: 110.1, latitude: 34.5 },
];

describe('StationPick', () => {
  it('names each station with its number, gives the station picked and stays empty', () => {
    const onPick = vi.fn();
    render(<StationPick stations={STATIONS} label="Add from stations" className="pick" onPick={onPick} />);
    const select = screen.getByRole('combobox', { name: 'Add from stations' });
    fireEvent.mouseDown(select);
    fireEvent.click(screen.getByTitle('Huashan 57046'));
    expect(onPick).toHaveBeenCalledWith(STATIONS[1]);
    expect(select.closest('.ant-select')).toHaveTextContent('Add from stations');
  });
});
