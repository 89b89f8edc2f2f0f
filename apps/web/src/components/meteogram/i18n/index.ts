import i18n from '../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the meteogram. */
export const METEOGRAM_NS = 'meteogram';

export const meteogramResources = { zh, en, es } as const;

for (const [lng, resources] of Object.entries(meteogramResources)) {
  i18n.addResourceBundle(lng, METEOGRAM_NS, resources, true, true);
}
