import type { Greenway, GreenwayCreate, GreenwayDifficulty, GreenwaySurface } from '@agromet/contracts';

/** Colours of the difficulties on the map and in the tags. */
export const DIFFICULTY_COLOURS: Record<GreenwayDifficulty, string> = { easy: '#2f9e44', moderate: '#f08c00', hard: '#c92a2a' };

export type LonLat = [number, number];

export interface GreenwayFormValues {
  name: string;
  regionCode?: string;
  surface?: GreenwaySurface;
  difficulty?: GreenwayDifficulty;
  start: string;
  end: string;
  photos: string[];
  description: string;
  published: boolean;
}

export function greenwayFormValues(g: Greenway | null): GreenwayFormValues {
  if (!g) return { name: '', start: '', end: '', photos: [], description: '', published: false, surface: 'asphalt', difficulty: 'easy' };
  return {
    name: g.name,
    regionCode: g.regionCode,
    surface: g.surface,
    difficulty: g.difficulty,
    start: g.start,
    end: g.end,
    photos: g.photos,
    description: g.description,
    published: g.published,
  };
}

/** A clicked vertex, kept to 1e-5° (about a metre): the map gives more digits than anyone drew. */
export const vertexOf = (lon: number, lat: number): LonLat => [Math.round(lon * 1e5) / 1e5, Math.round(lat * 1e5) / 1e5];

export function greenwayBody(v: GreenwayFormValues, line: readonly LonLat[]): GreenwayCreate {
  return {
    name: v.name.trim(),
    regionCode: v.regionCode ?? '',
    line: line.map(([x, y]) => [x, y]),
    surface: v.surface ?? 'mixed',
    difficulty: v.difficulty ?? 'easy',
    start: v.start.trim(),
    end: v.end.trim(),
    photos: v.photos,
    description: v.description.trim(),
    published: v.published,
  };
}
