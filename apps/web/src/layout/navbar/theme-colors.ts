import { DEFAULT_THEME_COLOR } from '../../stores/app-prefs';

/** Preset theme colours; `name` is the i18n key under `theme.colors.`. */
export const THEME_PRESETS: ReadonlyArray<{ name: string; color: string }> = [
  { name: 'default', color: DEFAULT_THEME_COLOR },
  { name: 'daybreak', color: '#1890FF' },
  { name: 'navy', color: '#304156' },
  { name: 'ink', color: '#212121' },
  { name: 'emerald', color: '#11A983' },
  { name: 'cyan', color: '#13C2C2' },
  { name: 'purple', color: '#6959CD' },
  { name: 'red', color: '#F5222D' },
];
