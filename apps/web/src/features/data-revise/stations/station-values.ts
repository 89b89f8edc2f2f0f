import { STATION_CSV_COLUMNS, STATION_LIMITS, STATION_NUMBER_PATTERN } from '@agromet/contracts/web';
import type { Station, StationCreate } from '@agromet/contracts';

/** Fields of the station form, in the order the form shows them: the columns of the station CSV. */
export const STATION_FIELDS = STATION_CSV_COLUMNS;
export type StationField = (typeof STATION_FIELDS)[number];

type NumberField = 'longitude' | 'latitude' | 'altitude';
type TextField = Exclude<StationField, NumberField>;

/** Longest text of each field, as the contracts' station schema allows. */
export const STATION_TEXT_MAX: Record<TextField, number> = {
  stationNumber: 16,
  name: 64,
  province: 64,
  city: 64,
  district: 64,
  address: 256,
  contactPerson: 64,
  contactPhone: 32,
  remarks: 500,
};
/** Fields the server requires (numbers always, texts non-empty). */
export const STATION_REQUIRED: readonly StationField[] = ['stationNumber', 'name', 'longitude', 'latitude', 'altitude'];
const PHONE_PATTERN = /^[0-9+\-() ]*$/;

/** Values of the station form (InputNumber gives null when cleared). */
export type StationFormValues = Record<TextField, string> & Record<NumberField, number | null>;

/** What is wrong with one field's value: an i18n key of `validation` and its variables (the field label is added by the form). */
export type FieldProblem =
  | { key: 'required' }
  | { key: 'maxLength'; max: number }
  | { key: 'range'; min: number; max: number }
  | { key: 'stationNumber' }
  | { key: 'phone' };

const isNumberField = (field: StationField): field is NumberField => field === 'longitude' || field === 'latitude' || field === 'altitude';

/** The client-side rule of each field, mirroring the contracts' zod schema (the server checks again). */
export function checkStationField(field: StationField, value: unknown): FieldProblem | null {
  if (isNumberField(field)) {
    if (value === null || value === undefined || value === '') return { key: 'required' };
    const n = Number(value);
    const [min, max] = STATION_LIMITS[field];
    if (!Number.isFinite(n) || n < min || n > max) return { key: 'range', min, max };
    return null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (STATION_REQUIRED.includes(field) && text === '') return { key: 'required' };
  if (field === 'stationNumber') return STATION_NUMBER_PATTERN.test(text) ? null : { key: 'stationNumber' };
  if (text.length > STATION_TEXT_MAX[field]) return { key: 'maxLength', max: STATION_TEXT_MAX[field] };
  if (field === 'contactPhone' && !PHONE_PATTERN.test(text)) return { key: 'phone' };
  return null;
}

/** The form's start: the station's value of each field, or empty fields (no number, no text). */
export function stationFormValues(s: Station | null): StationFormValues {
  const empty = (f: StationField) => (isNumberField(f) ? null : '');
  return Object.fromEntries(STATION_FIELDS.map((f) => [f, s ? s[f] : empty(f)])) as StationFormValues;
}

/** The body of the save call: exactly the contract's fields, text trimmed (the form has checked the numbers). */
export function stationBody(v: StationFormValues): StationCreate {
  const text = (x: string | undefined | null) => (x ?? '').trim();
  return {
    stationNumber: text(v.stationNumber),
    name: text(v.name),
    province: text(v.province),
    city: text(v.city),
    district: text(v.district),
    address: text(v.address),
    longitude: Number(v.longitude),
    latitude: Number(v.latitude),
    altitude: Number(v.altitude),
    contactPerson: text(v.contactPerson),
    contactPhone: text(v.contactPhone),
    remarks: text(v.remarks),
  };
}

/** Decimals kept of a position picked on the map: 4 (about 10 m), finer than a click can aim. */
export const PICK_DECIMALS = 4;

/** Longitude and latitude of a map click (lon, lat in degrees), longitude wrapped into −180…180. */
export function pickedPosition([lon, lat]: readonly number[]): { longitude: number; latitude: number } {
  const wrapped = ((((lon! + 180) % 360) + 360) % 360) - 180;
  const round = (v: number) => Number(v.toFixed(PICK_DECIMALS));
  return { longitude: round(wrapped === -180 && lon! > 0 ? 180 : wrapped), latitude: round(Math.max(-90, Math.min(90, lat!))) };
}

/** "陕西省 西安市 未央区": the administrative names of a station that are set. */
export function regionOf(s: Pick<Station, 'province' | 'city' | 'district' | 'regionName'>): string {
  // The server names the place in the reader's language; the three fields as typed otherwise.
  return s.regionName ?? [s.province, s.city, s.district].filter((x) => x.trim() !== '').join(' ');
}

/** The map label of a station: its name and number. */
export function stationLabel(s: Pick<Station, 'name' | 'stationNumber'>): string {
  return `${s.name} ${s.stationNumber}`;
}
