import type { Branding } from '@agromet/contracts';
import { asBranding } from './shape-guards';

/** localStorage key holding the branding of the last user-info response (shown on the login page). */
export const BRANDING_STORAGE_KEY = 'agromet-branding';

export function readStoredBranding(): Branding | null {
  try {
    const raw = localStorage.getItem(BRANDING_STORAGE_KEY);
    if (!raw) return null;
    return asBranding(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function saveBranding(branding: Branding): void {
  try {
    localStorage.setItem(BRANDING_STORAGE_KEY, JSON.stringify(branding));
  } catch {
    // storage full or disabled: branding is a nicety
  }
}
