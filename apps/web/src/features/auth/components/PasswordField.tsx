import { EyeInvisibleOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isCapsLockOn } from '../utils/caps-lock';

type Props = Omit<InputProps, 'type' | 'suffix'> & {
  onCapsLockChange?: (on: boolean) => void;
};

/** Password input with a show/hide button and Caps Lock detection. Form.Item injects value/onChange/id. */
export function PasswordField({ onCapsLockChange, onKeyDown, onKeyUp, onBlur, ...rest }: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  const track = (e: KeyboardEvent<HTMLInputElement>) => onCapsLockChange?.(isCapsLockOn(e.nativeEvent));

  return (
    <Input
      {...rest}
      type={visible ? 'text' : 'password'}
      prefix={<LockOutlined aria-hidden />}
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
      suffix={
        <button
          type="button"
          id="password-toggle"
          className="password-toggle"
          aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
          aria-pressed={visible}
          aria-controls={rest.id}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
        </button>
      }
    />
  );
}
