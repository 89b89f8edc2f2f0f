import { ADMIN, DEFAULT_MAP } from '@agromet/contracts/web';
import type { Branding, Customer, CustomerCreate } from '@agromet/contracts';

/** Values of the customer form (InputNumber gives null when cleared). */
export interface CustomerFormValues {
  name: string;
  tel: string;
  address: string;
  logo: string;
  sysName: string;
  centerLat: number | null;
  centerLon: number | null;
  zoom: number | null;
}

/** The form's start: the record, or empty with the default map centre and zoom. */
export function customerFormValues(c: Customer | null): CustomerFormValues {
  if (!c) {
    return {
      name: '',
      tel: '',
      address: '',
      logo: '',
      sysName: '',
      centerLat: DEFAULT_MAP.centerLat,
      centerLon: DEFAULT_MAP.centerLon,
      zoom: DEFAULT_MAP.zoom,
    };
  }
  return {
    name: c.name,
    tel: c.tel,
    address: c.address,
    logo: c.logo,
    sysName: c.sysName,
    centerLat: c.centerLat,
    centerLon: c.centerLon,
    zoom: c.zoom,
  };
}

/** The body of the save call: exactly the contract's fields, text trimmed (the form has checked the numbers). */
export function customerBody(v: CustomerFormValues): CustomerCreate {
  return {
    name: (v.name ?? '').trim(),
    tel: (v.tel ?? '').trim(),
    address: (v.address ?? '').trim(),
    logo: v.logo ?? '',
    sysName: (v.sysName ?? '').trim(),
    centerLat: Number(v.centerLat),
    centerLon: Number(v.centerLon),
    zoom: Number(v.zoom),
  };
}

export function brandingOf(c: Pick<Customer, 'sysName' | 'logo' | 'centerLat' | 'centerLon' | 'zoom'>): Branding {
  return { sysName: c.sysName, logo: c.logo, centerLat: c.centerLat, centerLon: c.centerLon, zoom: c.zoom };
}

/** Only the platform (osm.customer.admin, or admin) creates and deletes customers; the server enforces it too. */
export function isPlatformUser(roles: readonly string[]): boolean {
  return roles.includes(ADMIN) || roles.includes('osm.customer.admin');
}
