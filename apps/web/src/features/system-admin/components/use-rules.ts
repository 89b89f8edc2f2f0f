import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Phone and mobile numbers of the contracts: digits, spaces, + - ( ). */
export const PHONE_PATTERN = /^[0-9+\-() ]*$/;

/** Form rules mirroring the contracts' limits, with translated messages naming the field. */
export function useRules() {
  const { t } = useTranslation(NS);
  return useMemo(
    () => ({
      required: (field: string): FormRule => ({ required: true, whitespace: true, message: t('validation.required', { field }) }),
      requiredNumber: (field: string): FormRule => ({ required: true, message: t('validation.required', { field }) }),
      select: (field: string): FormRule => ({ required: true, message: t('validation.select', { field }) }),
      max: (field: string, max: number): FormRule => ({ type: 'string', max, message: t('validation.maxLength', { field, max }) }),
      range: (field: string, min: number, max: number): FormRule => ({
        type: 'number',
        min,
        max,
        message: t('validation.range', { field, min, max }),
      }),
      integer: (field: string): FormRule => ({ type: 'integer', message: t('validation.integer', { field }) }),
      phone: (): FormRule => ({ pattern: PHONE_PATTERN, message: t('validation.phone') }),
      email: (): FormRule => ({ type: 'email', message: t('validation.email') }),
      pattern: (pattern: RegExp, key: 'username' | 'code'): FormRule => ({ pattern, message: t(`validation.${key}`) }),
      password: (min: number, max: number): FormRule => ({ min, max, message: t('validation.password', { min, max }) }),
      maxItems: (max: number): FormRule => ({ type: 'array', max, message: t('validation.maxItems', { max }) }),
    }),
    [t],
  );
}
