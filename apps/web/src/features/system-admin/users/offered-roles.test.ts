import { describe, expect, it } from 'vitest';
import { offeredRoles } from './offered-roles';

const role = (id: number, withheld: string[] = []) => ({ id, name: `r${id}`, customerId: 2, grantable: withheld.length === 0, withheld });

describe('roles the user form offers', () => {
  it('leaves out roles the caller cannot grant and names their codes once', () => {
    const r = offeredRoles([role(1), role(2, ['report.export']), role(3, ['admin', 'report.export'])], []);
    expect(r.offered.map((o) => o.id)).toEqual([1]);
    expect(r.withheld.map((o) => o.id)).toEqual([2, 3]);
    expect(r.withheldCodes).toEqual(['admin', 'report.export']);
  });

  it('keeps a role the user already holds, so that saving does not drop it', () => {
    const r = offeredRoles([role(1), role(2, ['report.export'])], [2]);
    expect(r.offered.map((o) => o.id)).toEqual([1, 2]);
    expect(r.withheld).toEqual([]);
    expect(r.withheldCodes).toEqual([]);
  });
});
