import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PRODUCT_LIMITS } from '@agromet/contracts/web';
import { Button, ColorPicker, Form, InputNumber, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/admin-list/table-columns';
import { NS } from './i18n';
import { classesOf, classesPatch, legendModePatch, type LegendClass, type TemplateDraft } from './template-draft';

interface Props {
  draft: TemplateDraft;
  set: (patch: Partial<TemplateDraft>) => void;
  problemOf: (field: string) => string | undefined;
}

/** The map's legend: the element's colours, or custom classes (a colour and where each starts). */
export function TemplateLegend({ draft, set, problemOf }: Props) {
  const { t } = useTranslation(NS);
  const classes = classesOf(draft);
  const setClasses = (rows: LegendClass[]) => set(classesPatch(rows));
  return (
    <>
      <Form.Item label={t('template.legend')}>
        <Radio.Group
          value={draft.legendMode ?? 'factor'}
          onChange={(e) => set(legendModePatch(draft, e.target.value as 'factor' | 'custom'))}
          options={(['factor', 'custom'] as const).map((m) => ({ value: m, label: t(`legend.${m}`) }))}
        />
      </Form.Item>
      {draft.legendMode === 'custom' ? (
        <Form.Item
          validateStatus={problemOf('thresholds') || problemOf('colors') ? 'error' : undefined}
          help={problemOf('thresholds') ?? problemOf('colors')}
        >
          <div className="pd-classes">
            {classes.map((row, k) => (
              <Space key={k} size={6}>
                <ColorPicker
                  size="small"
                  value={row.color}
                  onChangeComplete={(c) => setClasses(classes.map((r, i) => (i === k ? { ...r, color: c.toHexString() } : r)))}
                />
                {k === 0 ? (
                  <Typography.Text type="secondary">{t('legend.below', { v: classes[1]?.from ?? '' })}</Typography.Text>
                ) : (
                  <InputNumber
                    size="small"
                    aria-label={t('legend.from', { k })}
                    value={row.from ?? 0}
                    onChange={(v) => setClasses(classes.map((r, i) => (i === k ? { ...r, from: v ?? 0 } : r)))}
                  />
                )}
                {k > 0 ? (
                  <RowAction
                    size="small"
                    type="text"
                    icon={<DeleteOutlined />}
                    label={t('legend.remove')}
                    onClick={() => setClasses(classes.filter((_, i) => i !== k))}
                  />
                ) : null}
              </Space>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={classes.length >= PRODUCT_LIMITS.classes}
              onClick={() => setClasses([...classes, { color: '#800040', from: (classes[classes.length - 1]?.from ?? 0) + 10 }])}
            >
              {t('legend.add')}
            </Button>
          </div>
        </Form.Item>
      ) : null}
    </>
  );
}
