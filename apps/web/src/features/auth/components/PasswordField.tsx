import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/PlainIcon';
import { isCapsLockOn } from '../utils/caps-lock';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  invalid?: boolean;
  onCapsLockChange?: (on: boolean) => void;
};

/** Password input with a show/hide button and Caps Lock detection. */
export function PasswordField({ id, invalid, onCapsLockChange, onKeyDown, onKeyUp, onBlur, ...rest }: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  const track = (e: KeyboardEvent<HTMLInputElement>) => onCapsLockChange?.(isCapsLockOn(e.nativeEvent));

  return (
    <span className={invalid ? 'login-input login-input-invalid' : 'login-input'}>
      <PlainIcon icon={LockOutlined} className="login-input-prefix" />
      <input
        {...rest}
        id={id}
        type={visible ? 'text' : 'password'}
        aria-invalid={invalid || undefined}
        onKeyDown={(e) => {
          track(e);
          onKeyDown?.(e);
        }}
        onKeyUp={(e) => {
          track(e);
          onKeyUp?.(e);
        }}
        onBlur={(e) => {
          onCapsLockChange?.(false);
          onBlur?.(e);
        }}
      />
      <button
        type="button"
        id="password-toggle"
        className="password-toggle"
        aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
        aria-pressed={visible}
        aria-controls={id}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setVisible((v) => !v)}
      >
        <PlainIcon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
      </button>
    </span>
  );
}
