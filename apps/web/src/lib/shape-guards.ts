import type { Branding, TokenPair } from '@agromet/contracts';

// Checks of the few shapes the browser reads outside the request client (a refresh answer,
// stored branding). Plain code: the contracts' zod schemas stay out of the bundle.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function asTokenPair(v: unknown): TokenPair | null {
  if (!isObject(v)) return null;
  const { access_token, refresh_token, expired } = v;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string') return null;
  if (!isFiniteNumber(expired) || !Number.isInteger(expired)) return null;
  return { access_token, refresh_token, expired };
}

export function asBranding(v: unknown): Branding | null {
  if (!isObject(v)) return null;
  const { sysName, logo, centerLat, centerLon, zoom } = v;
  if (typeof sysName !== 'string' || typeof logo !== 'string') return null;
  if (!isFiniteNumber(centerLat) || !isFiniteNumber(centerLon) || !isFiniteNumber(zoom) || !Number.isInteger(zoom)) return null;
  return { sysName, logo, centerLat, centerLon, zoom };
}
