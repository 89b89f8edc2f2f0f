import i18n from '../../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the crop-calendar page. */
export const NS = 'cropCalendar';

export const cropCalendarResources = { zh, en, es } as const;

// Registered when the page loads (the page module imports this file).
for (const [lng, resources] of Object.entries(cropCalendarResources)) {
  i18n.addResourceBundle(lng, NS, resources, true, true);
}
