import i18n from '../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the zoning pages. */
export const NS = 'zoning';

export const zoningResources = { zh, en, es } as const;

// Registered when the feature loads (each page module imports this file).
for (const [lng, resources] of Object.entries(zoningResources)) {
  i18n.addResourceBundle(lng, NS, resources, true, true);
}

/** Key of a criterion problem's message: the engine's and the editor's keys ('zoning.x') live under `problem.`. */
export function problemKey(key: string): string {
  return `problem.${key.replace(/^zoning\./, '')}`;
}
