import i18n from '../../../../lib/i18n';
import en from './en';
import es from './es';
import zh from './zh';

/** i18next namespace of the point and area revision pages. */
export const REVISE_EDIT_NS = 'reviseEdit';

for (const [lng, resources] of Object.entries({ zh, en, es })) {
  i18n.addResourceBundle(lng, REVISE_EDIT_NS, resources, true, true);
}
