import { Branding, TokenPair } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { asBranding, asTokenPair } from './shape-guards';

// The guards must accept exactly what the contracts' schemas accept, for the cases the browser meets.
describe('shape guards agree with the contracts', () => {
  const pairs: unknown[] = [
    { access_token: 'a', refresh_token: 'r', expired: 7200 },
    { access_token: '', refresh_token: 'r', expired: 7200 },
    { access_token: 'a', refresh_token: 'r', expired: '7200' },
    { access_token: 'a', refresh_token: 'r', expired: 1.5 },
    { access_token: 'a', expired: 7200 },
    null,
    'token',
    [],
  ];
  it.each(pairs.map((p) => [JSON.stringify(p), p]))('token pair %s', (_, p) => {
    expect(asTokenPair(p) !== null).toBe(TokenPair.safeParse(p).success);
  });

  const brandings: unknown[] = [
    { sysName: '陕西', logo: '', centerLat: 34.3, centerLon: 108.9, zoom: 7 },
    { sysName: '陕西', logo: '', centerLat: 34.3, centerLon: 108.9, zoom: 7.5 },
    { sysName: '陕西', logo: '', centerLat: '34', centerLon: 108.9, zoom: 7 },
    { sysName: 1, logo: '', centerLat: 34.3, centerLon: 108.9, zoom: 7 },
    {},
    null,
  ];
  it.each(brandings.map((b) => [JSON.stringify(b), b]))('branding %s', (_, b) => {
    expect(asBranding(b) !== null).toBe(Branding.safeParse(b).success);
  });
});
