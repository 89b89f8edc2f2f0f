import type { Spot, SpotCreate, SpotGrade } from '@agromet/contracts';

/** Colours of the grades on the map and in the tags: 5A red to A green; no grade blue. */
export const GRADE_COLOURS: Record<SpotGrade, string> = {
  AAAAA: '#c92a2a',
  AAAA: '#e8590c',
  AAA: '#f08c00',
  AA: '#2f9e44',
  A: '#2f9e44',
  '': '#1971c2',
};

/** "5A", "4A" … as the grades are written; '' for none. */
export function gradeLabel(grade: SpotGrade): string {
  return grade.length <= 1 ? grade : `${grade.length}A`;
}

export interface SpotFormValues {
  name: string;
  grade: SpotGrade;
  regionCode?: string;
  address: string;
  lon?: number | null;
  lat?: number | null;
  openingHours: string;
  ticketPrice?: number | null;
  phone: string;
  photos: string[];
  description: string;
  published: boolean;
}

export function spotFormValues(s: Spot | null): SpotFormValues {
  if (!s) return { name: '', grade: '', address: '', openingHours: '', phone: '', photos: [], description: '', published: false };
  return {
    name: s.name,
    grade: s.grade,
    regionCode: s.regionCode,
    address: s.address,
    lon: s.lon,
    lat: s.lat,
    openingHours: s.openingHours,
    ticketPrice: s.ticketPrice,
    phone: s.phone,
    photos: s.photos,
    description: s.description,
    published: s.published,
  };
}

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function spotBody(v: SpotFormValues): SpotCreate {
  return {
    name: v.name.trim(),
    grade: v.grade,
    regionCode: v.regionCode ?? '',
    address: v.address.trim(),
    lon: num(v.lon) ?? Number.NaN,
    lat: num(v.lat) ?? Number.NaN,
    openingHours: v.openingHours.trim(),
    ticketPrice: num(v.ticketPrice) ?? null,
    phone: v.phone.trim(),
    photos: v.photos,
    description: v.description.trim(),
    published: v.published,
  };
}
