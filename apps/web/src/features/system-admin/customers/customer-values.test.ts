import { CustomerCreate, DEFAULT_MAP, type Customer } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { brandingOf, customerBody, customerFormValues, isPlatformUser } from './customer-values';

const customer: Customer = {
  id: 2,
  name: '示例客户',
  tel: '029-1',
  address: '西安',
  logo: '/api/files/uploads/2024/01/a.png',
  sysName: '示例平台',
  centerLat: 34.34,
  centerLon: 108.94,
  zoom: 7,
  platform: false,
  entitlements: [],
  userCount: 3,
  version: 4,
  createdAt: '',
  updatedAt: '',
};

describe('customer form values', () => {
  it('starts a new customer at the default map centre and zoom', () => {
    expect(customerFormValues(null)).toMatchObject({
      name: '',
      centerLat: DEFAULT_MAP.centerLat,
      centerLon: DEFAULT_MAP.centerLon,
      zoom: DEFAULT_MAP.zoom,
    });
  });

  it('sends exactly the contract fields, trimmed, which the contract accepts', () => {
    const body = customerBody({ ...customerFormValues(customer), name: '  示例客户 ', sysName: ' 新名称 ' });
    expect(body).toEqual({
      name: '示例客户',
      tel: '029-1',
      address: '西安',
      logo: customer.logo,
      sysName: '新名称',
      centerLat: 34.34,
      centerLon: 108.94,
      zoom: 7,
    });
    expect(CustomerCreate.safeParse(body).success).toBe(true);
  });

  it('takes the branding of a saved customer', () => {
    expect(brandingOf(customer)).toEqual({ sysName: '示例平台', logo: customer.logo, centerLat: 34.34, centerLon: 108.94, zoom: 7 });
  });

  it('knows who may create and delete customers', () => {
    expect(isPlatformUser(['admin'])).toBe(true);
    expect(isPlatformUser(['osm.customer.admin'])).toBe(true);
    expect(isPlatformUser(['sys.customer.admin'])).toBe(false);
  });
});
