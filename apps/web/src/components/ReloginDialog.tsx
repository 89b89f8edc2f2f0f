import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmRelogin, dismissRelogin, isReloginOpen, subscribeRelogin } from '../lib/relogin';

/**
 * "确定登出" — the session ended (token missing, expired or revoked): sign in again, or cancel
 * to stay on the page.
 */
export function ReloginDialog() {
  const { t } = useTranslation();
  const open = useSyncExternalStore(subscribeRelogin, isReloginOpen, isReloginOpen);
  return (
    <Modal
      open={open}
      title={
        <span className="relogin-title">
          <ExclamationCircleFilled aria-hidden style={{ color: '#faad14', marginInlineEnd: 8 }} />
          {t('relogin.title')}
        </span>
      }
      okText={t('relogin.ok')}
      cancelText={t('relogin.cancel')}
      onOk={confirmRelogin}
      onCancel={dismissRelogin}
      closable={false}
      mask={{ closable: false }}
      width={416}
      className="relogin-dialog"
      destroyOnHidden
    >
      <p className="relogin-content">{t('relogin.content')}</p>
    </Modal>
  );
}
