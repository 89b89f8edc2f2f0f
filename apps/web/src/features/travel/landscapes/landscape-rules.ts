import type { Landscape, LandscapeCreate, LandscapeKind, PrecipitationNeed } from '@agromet/contracts';

/** Colours of the landscape kinds on the map and in the tags. */
export const KIND_COLOURS: Record<LandscapeKind, string> = {
  'autumn-leaves': '#d9480f',
  'rape-flowers': '#f5c400',
  blossom: '#e64980',
  snow: '#4dabf7',
  rime: '#74c0fc',
  'sea-of-clouds': '#868e96',
  sunrise: '#f76707',
  waterfall: '#1c7ed6',
  other: '#5c7cfa',
};

export interface LandscapeFormValues {
  name: string;
  kind?: LandscapeKind;
  spotId?: number | null;
  regionCode?: string;
  lon?: number | null;
  lat?: number | null;
  bestFrom: string;
  bestTo: string;
  tempMin?: number | null;
  tempMax?: number | null;
  maxWind?: number | null;
  precipitation: PrecipitationNeed;
  photos: string[];
  description: string;
  published: boolean;
}

export function landscapeFormValues(l: Landscape | null): LandscapeFormValues {
  if (!l) return { name: '', bestFrom: '', bestTo: '', precipitation: 'any', photos: [], description: '', published: false };
  return {
    name: l.name,
    kind: l.kind,
    spotId: l.spotId,
    regionCode: l.regionCode,
    lon: l.lon,
    lat: l.lat,
    bestFrom: l.bestFrom,
    bestTo: l.bestTo,
    tempMin: l.weather.tempMin,
    tempMax: l.weather.tempMax,
    maxWind: l.weather.maxWind,
    precipitation: l.weather.precipitation,
    photos: l.photos,
    description: l.description,
    published: l.published,
  };
}

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function landscapeBody(v: LandscapeFormValues): LandscapeCreate {
  return {
    name: v.name.trim(),
    kind: v.kind ?? 'other',
    spotId: v.spotId ?? null,
    regionCode: v.regionCode ?? '',
    lon: num(v.lon) ?? Number.NaN,
    lat: num(v.lat) ?? Number.NaN,
    bestFrom: v.bestFrom.trim(),
    bestTo: v.bestTo.trim(),
    weather: { tempMin: num(v.tempMin), tempMax: num(v.tempMax), maxWind: num(v.maxWind), precipitation: v.precipitation },
    photos: v.photos,
    description: v.description.trim(),
    published: v.published,
  };
}
