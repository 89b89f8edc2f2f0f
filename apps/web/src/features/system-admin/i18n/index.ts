import i18n from '../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the system-administration pages. */
export const NS = 'systemAdmin';

export const systemAdminResources = { zh, en, es } as const;

// Registered when the feature loads (each page module imports this file).
for (const [lng, resources] of Object.entries(systemAdminResources)) {
  i18n.addResourceBundle(lng, NS, resources, true, true);
}

/** i18n key of a permission code's display name (i18next reads dots as nesting, so they become underscores). */
export function permissionNameKey(code: string): string {
  return `permissionName.${code.replace(/\./g, '_')}`;
}
