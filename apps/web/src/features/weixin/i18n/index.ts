import i18n from '../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the official-account pages. */
export const NS = 'weixin';

export const weixinResources = { zh, en, es } as const;

// Registered when the feature loads (each page module imports this file).
for (const [lng, resources] of Object.entries(weixinResources)) {
  i18n.addResourceBundle(lng, NS, resources, true, true);
}
