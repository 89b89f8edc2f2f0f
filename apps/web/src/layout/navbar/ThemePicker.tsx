import { Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../lib/lazy-part';
import { useAppStore } from '../../stores/app';

const loadColorPicker = () => import('./ThemeColorPicker');
// antd's colour picker (with its slider and number inputs) is fetched when the picker is first opened, or pointed at.
// Should its chunk fail to load, the trigger stays as it was.
const ThemeColorPicker = lazyPart(
  () => loadColorPicker().then((m) => m.ThemeColorPicker),
  ({ trigger }: { trigger: ReactElement; defaultOpen: boolean }) => trigger,
);

/** Theme colour in the top bar: the trigger shows the current colour; the picker itself loads on first use. */
export function ThemePicker() {
  const { t } = useTranslation();
  const themeColor = useAppStore((s) => s.themeColor);
  const [wanted, setWanted] = useState(false);

  const trigger = (
    <button
      type="button"
      id="theme-picker"
      className="theme-picker-trigger"
      aria-label={t('navbar.theme')}
      title={t('navbar.theme')}
      onPointerEnter={() => void loadColorPicker()}
      onFocus={() => void loadColorPicker()}
      onClick={wanted ? undefined : () => setWanted(true)}
    >
      <span className="theme-picker-color" style={{ background: themeColor }} />
    </button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ThemeColorPicker trigger={trigger} defaultOpen />
    </Suspense>
  );
}
