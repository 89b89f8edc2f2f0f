import { StationCreate, type Station } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkStationField,
  pickedPosition,
  regionOf,
  STATION_FIELDS,
  stationBody,
  stationFormValues,
  stationLabel,
  STATION_TEXT_MAX,
} from './station-values';

const station: Station = {
  id: 7,
  stationNumber: '57036',
  name: '西安',
  province: '陕西省',
  city: '西安市',
  district: '',
  address: '未央区',
  longitude: 108.93,
  latitude: 34.3,
  altitude: 397.5,
  contactPerson: '',
  contactPhone: '029-1',
  remarks: '',
  version: 2,
  createdAt: '',
  updatedAt: '',
};

describe('station form values', () => {
  it('starts empty or from the station, and saves exactly the contract fields, trimmed', () => {
    expect(stationFormValues(null)).toMatchObject({ stationNumber: '', longitude: null, remarks: '' });
    expect(stationFormValues(station)).toMatchObject({ stationNumber: '57036', altitude: 397.5, contactPhone: '029-1' });
    const values = { ...stationFormValues(station), name: '  西安站 ' };
    const body = stationBody(values);
    expect(Object.keys(body).sort()).toEqual([...STATION_FIELDS].sort());
    expect(body.name).toBe('西安站');
    expect(StationCreate.safeParse(body).success).toBe(true);
  });

  it('region and map label', () => {
    expect(regionOf(station)).toBe('陕西省 西安市');
    expect(stationLabel(station)).toBe('西安 57036');
  });
});

describe('station field rules mirror the server schema', () => {
  const valid = stationBody(stationFormValues(station));
  const serverAccepts = (field: string, value: unknown) => {
    const r = StationCreate.safeParse({ ...valid, [field]: value });
    return r.success;
  };

  it.each([
    ['latitude', 90, null],
    ['latitude', 90.01, { key: 'range', min: -90, max: 90 }],
    ['longitude', -180.5, { key: 'range', min: -180, max: 180 }],
    ['longitude', 180, null],
    ['altitude', -500, null],
    ['altitude', 9000.1, { key: 'range', min: -500, max: 9000 }],
    ['latitude', null, { key: 'required' }],
    ['stationNumber', 'A1234', null],
    ['stationNumber', '57-036', { key: 'stationNumber' }],
    ['stationNumber', 'A'.repeat(17), { key: 'stationNumber' }],
    ['stationNumber', '  ', { key: 'required' }],
    ['name', '', { key: 'required' }],
    ['name', 'x'.repeat(64), null],
    ['name', 'x'.repeat(65), { key: 'maxLength', max: 64 }],
    ['address', 'x'.repeat(257), { key: 'maxLength', max: 256 }],
    ['remarks', 'x'.repeat(501), { key: 'maxLength', max: 500 }],
    ['contactPhone', '+86 (29) 123-4', null],
    ['contactPhone', 'tel: 1', { key: 'phone' }],
    ['contactPhone', '1'.repeat(33), { key: 'maxLength', max: 32 }],
    ['province', '', null],
  ] as const)('%s = %j', (field, value, problem) => {
    expect(checkStationField(field, value)).toEqual(problem);
    // The same verdict as the server's schema (required numbers: null is refused there too).
    const sent = typeof value === 'string' ? value.trim() : value;
    expect(serverAccepts(field, sent)).toBe(problem === null);
  });

  it('knows every text limit of the schema', () => {
    for (const [field, max] of Object.entries(STATION_TEXT_MAX)) {
      if (field === 'stationNumber') continue;
      const ok = field === 'contactPhone' ? '1'.repeat(max) : 'x'.repeat(max);
      expect(serverAccepts(field, ok)).toBe(true);
      expect(serverAccepts(field, `${ok}1`)).toBe(false);
    }
  });
});

describe('a position picked on the map', () => {
  it('keeps 4 decimals and wraps the longitude', () => {
    expect(pickedPosition([108.934567, 34.300049])).toEqual({ longitude: 108.9346, latitude: 34.3 });
    expect(pickedPosition([-251.5, 10])).toEqual({ longitude: 108.5, latitude: 10 });
    expect(pickedPosition([180, 95])).toEqual({ longitude: 180, latitude: 90 });
  });
});
