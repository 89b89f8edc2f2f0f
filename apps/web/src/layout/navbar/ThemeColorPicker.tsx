import { CheckOutlined } from '@ant-design/icons';
import { ColorPicker, Divider } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';
import { useAppStore } from '../../stores/app';
import { THEME_PRESETS } from './theme-colors';

/**
 * The theme picker's panel: presets or any colour; antd recolours the whole UI through its tokens. Its own chunk (antd's
 * colour picker brings a slider and number inputs), loaded by ThemePicker when first opened.
 */
export function ThemeColorPicker({ trigger, defaultOpen }: { trigger: ReactElement; defaultOpen: boolean }) {
  const { t } = useTranslation();
  const themeColor = useAppStore((s) => s.themeColor);
  const setThemeColor = useAppStore((s) => s.setThemeColor);
  const [open, setOpen] = useState(defaultOpen);
  // The colour under the cursor while dragging; applied when the drag ends.
  const [draft, setDraft] = useState(themeColor);

  const choose = (color: string) => {
    setDraft(color);
    if (color.toUpperCase() === themeColor) return;
    setThemeColor(color);
    toastSuccess(t('message.switchThemeSuccess'));
  };

  return (
    <ColorPicker
      value={draft}
      open={open}
      onOpenChange={setOpen}
      onChange={(color) => setDraft(color.toHexString())}
      disabledAlpha
      disabledFormat
      onChangeComplete={(color) => choose(color.toHexString())}
      panelRender={(panel) => (
        <div className="theme-picker-panel">
          <div role="group" aria-label={t('theme.presets')} className="theme-presets">
            {THEME_PRESETS.map(({ name, color }) => (
              <button
                key={name}
                type="button"
                className="theme-swatch"
                data-color={color}
                aria-label={t(`theme.colors.${name}`)}
                aria-pressed={color === themeColor}
                title={t(`theme.colors.${name}`)}
                style={{ background: color }}
                onClick={() => {
                  choose(color);
                  setOpen(false);
                }}
              >
                {color === themeColor ? <CheckOutlined aria-hidden /> : null}
              </button>
            ))}
          </div>
          <Divider plain className="theme-custom-title">
            {t('theme.custom')}
          </Divider>
          {panel}
        </div>
      )}
    >
      {trigger}
    </ColorPicker>
  );
}
