import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '../../lib/feedback';

/** Enters or leaves full screen; warns when the browser cannot. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      toastWarning(t('message.fullscreenUnsupported'));
      return;
    }
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => toastWarning(t('message.fullscreenUnsupported')));
  };

  return (
    <Button
      id="fullscreen-button"
      type="text"
      className="navbar-button"
      aria-label={full ? t('navbar.exitFullscreen') : t('navbar.fullscreen')}
      aria-pressed={full}
      icon={full ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
      onClick={toggle}
    />
  );
}
