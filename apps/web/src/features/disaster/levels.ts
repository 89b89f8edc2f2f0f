import { SANDSTORM_LEVELS, type SandstormLevel } from '@agromet/contracts/web';

/** Colours of the grades on the map, the legend, the tags and the charts: ochre dust to dark red and purple storms. */
export const LEVEL_COLOURS: Record<SandstormLevel, string> = {
  'floating-dust': '#c9a227',
  'blowing-sand': '#f08c00',
  sandstorm: '#e8590c',
  'severe-sandstorm': '#c92a2a',
  'extreme-sandstorm': '#862e9c',
};

/** Rank of a grade: stronger grades colour a cluster of records. */
export function levelRank(level: SandstormLevel): number {
  return SANDSTORM_LEVELS.indexOf(level);
}
