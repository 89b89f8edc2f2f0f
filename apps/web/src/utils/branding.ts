import { DEFAULT_SYS_NAME } from '@agromet/contracts/web';
import type { Branding } from '@agromet/contracts';

/** Default images shipped in public/. */
export const DEFAULT_LOGO_URL = `${import.meta.env.BASE_URL}default-logo.svg`;
export const DEFAULT_AVATAR_URL = `${import.meta.env.BASE_URL}default-avatar.svg`;

/** The customer's system name, or the product default. */
export function resolveSysName(branding: Pick<Branding, 'sysName'> | null | undefined): string {
  const name = branding?.sysName?.trim();
  return name ? name : DEFAULT_SYS_NAME;
}

export function resolveLogo(branding: Pick<Branding, 'logo'> | null | undefined): string {
  const logo = branding?.logo?.trim();
  return logo ? logo : DEFAULT_LOGO_URL;
}

export function resolveAvatar(avatar: string | null | undefined): string {
  const a = avatar?.trim();
  return a ? a : DEFAULT_AVATAR_URL;
}

/** Document title (docs/console.md#the-shell): "<page title> - <system name>", or the system name alone. */
export function formatDocumentTitle(pageTitle: string | undefined, sysName: string): string {
  return pageTitle ? `${pageTitle} - ${sysName}` : sysName;
}
