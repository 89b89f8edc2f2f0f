import i18n from '../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the map layout. */
export const MAP_NS = 'map';

export const mapResources = { zh, en, es } as const;

// Registered when the map module loads (only signed-in group pages pull it in).
for (const [lng, resources] of Object.entries(mapResources)) {
  i18n.addResourceBundle(lng, MAP_NS, resources, true, true);
}
