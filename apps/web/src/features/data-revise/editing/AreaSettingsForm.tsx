import { AREA_OPERATIONS, EDGE_MODES } from '@agromet/contracts/web';
import { Checkbox, Form, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVISE_EDIT_NS } from './i18n';
import type { AreaSettings } from './revise-rules';

/** What an area revision does: the operation and its value, the edge treatment and the smoothing afterwards. */
export function AreaSettingsForm({
  settings,
  onChange: set,
  unit,
  divideByZero,
}: {
  settings: AreaSettings;
  onChange: (change: Partial<AreaSettings>) => void;
  unit: string | undefined;
  divideByZero: boolean;
}) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  return (
    <Form layout="vertical" size="small" className="revise-area-form">
      <Space wrap size={8} align="end">
        <Form.Item label={t('area.operation')}>
          <Select
            id="area-operation"
            style={{ minWidth: 110 }}
            value={settings.operation}
            onChange={(operation) => set({ operation })}
            options={AREA_OPERATIONS.map((op) => ({ value: op, label: t(`area.ops.${op}`) }))}
          />
        </Form.Item>
        <Form.Item
          label={`${t('area.value')}${unit && !['multiply', 'divide'].includes(settings.operation) ? ` (${unit})` : ''}`}
          validateStatus={divideByZero ? 'error' : undefined}
        >
          <InputNumber id="area-value" value={settings.value} step={0.5} onChange={(v) => set({ value: v ?? 0 })} />
        </Form.Item>
      </Space>
      <Form.Item label={t('area.edge')}>
        <Radio.Group
          value={settings.edge}
          onChange={(e) => set({ edge: e.target.value as AreaSettings['edge'] })}
          options={EDGE_MODES.map((m) => ({ value: m, label: t(`area.edges.${m}`) }))}
        />
      </Form.Item>
      <Space wrap size={12} align="center">
        {settings.edge === 'ramp' ? (
          <Form.Item label={t('area.edgeCells')}>
            <InputNumber id="area-edge-cells" min={1} max={100} value={settings.edgeCells} onChange={(v) => set({ edgeCells: v ?? 3 })} />
          </Form.Item>
        ) : null}
        <Checkbox id="area-smooth" checked={settings.smooth !== null} onChange={(e) => set({ smooth: e.target.checked ? 3 : null })}>
          {t('area.smooth')}
        </Checkbox>
        {settings.smooth !== null ? (
          <Select
            size="small"
            aria-label={t('area.smoothSize')}
            value={settings.smooth}
            onChange={(smooth: number) => set({ smooth })}
            options={[3, 5, 7, 9].map((n) => ({ value: n, label: `${n} × ${n}` }))}
          />
        ) : null}
      </Space>
    </Form>
  );
}
