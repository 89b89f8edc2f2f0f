import i18n from '../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the make-risk page. */
export const NS = 'risk';

export const riskResources = { zh, en, es } as const;

// Registered when the feature loads (the page module imports this file).
for (const [lng, resources] of Object.entries(riskResources)) {
  i18n.addResourceBundle(lng, NS, resources, true, true);
}
