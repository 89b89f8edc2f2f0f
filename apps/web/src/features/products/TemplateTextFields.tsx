import { PRODUCT_LIMITS, PRODUCT_PLACEHOLDERS } from '@agromet/contracts/web';
import { Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';
import { TEXT_FIELDS, type TemplateDraft } from './template-draft';

interface Props {
  draft: TemplateDraft;
  set: (patch: Partial<TemplateDraft>) => void;
  item: (field: string) => { validateStatus: 'error' | undefined; help: string | undefined };
}

/** The template's name, language, paper and orientation, and its texts with the placeholders they may use. */
export function TemplateTextFields({ draft, set, item }: Props) {
  const { t } = useTranslation(NS);
  return (
    <>
      <div className="pd-form-row">
        <Form.Item label={t('template.name')} htmlFor="template-name" required {...item('name')}>
          <Input id="template-name" value={draft.name} maxLength={PRODUCT_LIMITS.name} onChange={(e) => set({ name: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('template.language')} htmlFor="template-language">
          <Select
            id="template-language"
            value={draft.language ?? 'zh'}
            options={(['zh', 'en', 'es'] as const).map((l) => ({ value: l, label: t(`language.${l}`) }))}
            onChange={(language: 'zh' | 'en' | 'es') => set({ language })}
          />
        </Form.Item>
      </div>
      <div className="pd-form-row">
        <Form.Item label={t('template.paper')}>
          <Radio.Group
            optionType="button"
            value={draft.paper ?? 'A4'}
            onChange={(e) => set({ paper: e.target.value as 'A4' | 'A3' })}
            options={['A4', 'A3']}
          />
        </Form.Item>
        <Form.Item label={t('template.orientation')}>
          <Radio.Group
            optionType="button"
            value={draft.orientation ?? 'landscape'}
            onChange={(e) => set({ orientation: e.target.value as 'landscape' | 'portrait' })}
            options={(['landscape', 'portrait'] as const).map((o) => ({ value: o, label: t(`orientation.${o}`) }))}
          />
        </Form.Item>
      </div>
      {TEXT_FIELDS.map((f) => (
        <Form.Item key={f} label={t(`template.${f}`)} htmlFor={`template-${f}`} required={f === 'title'} {...item(f)}>
          <Input
            id={`template-${f}`}
            value={draft[f] ?? ''}
            maxLength={PRODUCT_LIMITS[f === 'customerName' ? 'customerName' : f]}
            onChange={(e) => set({ [f]: e.target.value })}
          />
        </Form.Item>
      ))}
      <Typography.Paragraph type="secondary" className="pd-hint">
        {t('template.placeholders')} {PRODUCT_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}
      </Typography.Paragraph>
    </>
  );
}
