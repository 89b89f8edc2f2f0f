import i18n from '../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the make-download page. */
export const NS = 'downloads';

export const downloadsResources = { zh, en, es } as const;

// Registered when the feature loads (the page module imports this file).
for (const [lng, resources] of Object.entries(downloadsResources)) {
  i18n.addResourceBundle(lng, NS, resources, true, true);
}
