import i18n from '../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the station, forecast-allocation and revision-record pages. */
export const NS = 'dataRevise';

export const dataReviseResources = { zh, en, es } as const;

// Registered when the feature loads (each page module imports this file).
for (const [lng, resources] of Object.entries(dataReviseResources)) {
  i18n.addResourceBundle(lng, NS, resources, true, true);
}
