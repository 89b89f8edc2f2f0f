import type { Customer } from '@agromet/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { BRANDING_STORAGE_KEY } from '../../../lib/branding-storage';
import { useUserStore } from '../../../stores/user';
import { applyOwnBranding } from './customers';

const saved = (id: number): Customer => ({
  id,
  name: 'c',
  tel: '',
  address: '',
  logo: '/api/files/uploads/x.png',
  sysName: '新平台',
  centerLat: 30,
  centerLon: 110,
  zoom: 6,
  platform: false,
  entitlements: [],
  userCount: 1,
  version: 2,
  createdAt: '',
  updatedAt: '',
});

describe('branding after saving a customer', () => {
  beforeEach(() => {
    localStorage.clear();
    useUserStore.setState({ customerId: 7, branding: null });
  });

  it("applies at once when the customer is the signed-in user's own, and is remembered for the login page", () => {
    expect(applyOwnBranding(saved(7))).toBe(true);
    const expected = { sysName: '新平台', logo: '/api/files/uploads/x.png', centerLat: 30, centerLon: 110, zoom: 6 };
    expect(useUserStore.getState().branding).toEqual(expected);
    expect(JSON.parse(localStorage.getItem(BRANDING_STORAGE_KEY)!)).toEqual(expected);
  });

  it('leaves the branding alone for another customer', () => {
    expect(applyOwnBranding(saved(8))).toBe(false);
    expect(useUserStore.getState().branding).toBeNull();
    expect(localStorage.getItem(BRANDING_STORAGE_KEY)).toBeNull();
  });
});
