import { API, type ApiDef } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_ROLE_GROUPS } from '../../../apps/server/src/modules/seed/seed.js';
import { SEPARATION_OF_DUTIES, separationGaps } from './tenancy.js';

/** The separation-of-duties pairs the reliability suite's tenancy step must find refused (docs/security.md#separation-of-duties). */
describe('separation of duties in the tenancy step', () => {
  it('names demo users and routes that exist, each user lacking every code the route takes', () => {
    const routes = API as Record<string, ApiDef>;
    for (const { as, route } of SEPARATION_OF_DUTIES) {
      const user = DEMO_ROLE_GROUPS.find((g) => g.username === as);
      expect(user, as).toBeDefined();
      const access = routes[route]?.access;
      if (access?.kind !== 'codes') throw new Error(`${route} is not a route guarded by codes`);
      expect(
        access.codes.filter((c) => user!.codes.includes(c)),
        `${as} ${route}`,
      ).toEqual([]);
    }
  });

  it('reports a pair missing, answered otherwise or expected to pass', () => {
    const all = SEPARATION_OF_DUTIES.map((p) => ({ ...p, expected: '4003' as const, ok: true }));
    expect(separationGaps(all)).toEqual([]);
    const [first, ...rest] = all;
    expect(separationGaps(rest)).toEqual([`${first!.as} ${first!.route}`]);
    expect(separationGaps([{ ...first!, ok: false }, ...rest])).toEqual([`${first!.as} ${first!.route}`]);
    expect(separationGaps([{ ...first!, expected: 'pass' as const }, ...rest])).toEqual([`${first!.as} ${first!.route}`]);
  });
});
