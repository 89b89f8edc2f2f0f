import { DeleteOutlined } from '@ant-design/icons';
import { Button, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVISE_EDIT_NS } from './i18n';
import type { Ring } from './revise-rules';

/** The areas drawn or picked so far, each with its vertex count and a remove button. */
export function AreaList({ rings, onRemove }: { rings: Ring[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  return (
    <List
      size="small"
      className="revise-area-list"
      data-testid="revise-areas"
      header={<Typography.Text strong>{t('area.polygons')}</Typography.Text>}
      locale={{ emptyText: t('area.empty') }}
      dataSource={rings.map((ring, k) => ({ ring, k }))}
      renderItem={({ ring, k }) => (
        <List.Item
          actions={[
            <Button
              key="remove"
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('area.remove')}
              onClick={() => onRemove(k)}
            />,
          ]}
        >
          {t('area.polygon', { n: k + 1 })} · {t('area.vertices', { count: ring.length - 1 })}
        </List.Item>
      )}
    />
  );
}
