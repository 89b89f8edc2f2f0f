import { ColumnHeightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toastSuccess } from '../../lib/feedback';
import { SIZES, type SizeName } from '../../stores/app-prefs';
import { useAppStore } from '../../stores/app';
import { redirectPathOf, tagsViewStore } from '../../stores/tags-view';
import { NavbarChoice } from './NavbarChoice';

/** Default / Medium / Small / Mini: every control resizes; kept views start afresh. */
export function SizeSelect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);

  const choose = (next: SizeName) => {
    setSize(next);
    // Kept views were laid out for the old size: drop them and re-mount the current one.
    tagsViewStore.getState().clearCache();
    void navigate(redirectPathOf(location.pathname + location.search), { replace: true });
    toastSuccess(t('message.switchSizeSuccess'));
  };

  return (
    <NavbarChoice<SizeName>
      id="size-select"
      label={t('navbar.size')}
      icon={<ColumnHeightOutlined aria-hidden />}
      value={size}
      choices={SIZES.map((s) => ({ key: s, label: t(`size.${s}`) }))}
      onChoose={choose}
    />
  );
}
