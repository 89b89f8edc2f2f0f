import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Hazard } from '@agromet/contracts';
import { Button, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';
import { thresholdText } from './risk-rules';

interface Props {
  hazards: readonly Hazard[] | undefined;
  loading: boolean;
  selected: number | 'new' | undefined;
  onSelect: (id: number) => void;
  onAdd: () => void;
  onDelete: (h: Hazard) => void;
}

/** The hazards to pick from, each with its conditions in one line, and the buttons to add and delete. */
export function HazardList({ hazards, loading, selected, onSelect, onAdd, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <>
      <div className="rk-section-title">
        <Typography.Text strong>{t('hazard.list')}</Typography.Text>
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
          {t('hazard.add')}
        </Button>
      </div>
      <List
        size="small"
        className="rk-hazard-list"
        loading={loading}
        dataSource={hazards ?? []}
        renderItem={(h) => (
          <List.Item
            className={h.id === selected ? 'rk-selected' : undefined}
            onClick={() => onSelect(h.id)}
            data-hazard={h.id}
            actions={[
              <Button
                key="del"
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('hazard.delete')} ${h.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onDelete(h);
                }}
              />,
            ]}
          >
            <Space size={6} wrap>
              <Typography.Text strong>{h.name}</Typography.Text>
              {h.builtIn ? <Tag>{t('hazard.builtIn')}</Tag> : null}
              <Typography.Text type="secondary" className="rk-thresholds">
                {h.conditions.map((c) => `${c.elementName} ${c.thresholds.map((x) => thresholdText(c.op, x)).join(' / ')}`).join('；')}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </>
  );
}
