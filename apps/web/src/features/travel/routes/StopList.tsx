import { HolderOutlined } from '@ant-design/icons';
import { Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { moveStop, stopLegs, type DraftStop } from './route-rules';
import { OrderActions } from '../../../components/ordered-list/OrderActions';

/**
 * The stops of a route in visiting order: dragged to reorder (or moved with the arrow buttons), removed, and added from
 * the customer's spots and landscapes; each with its leg from the one before, and the total.
 */
export function StopList({
  stops,
  options,
  onChange,
}: {
  stops: DraftStop[];
  options: DraftStop[];
  onChange: (next: DraftStop[]) => void;
}) {
  const { t } = useTranslation(NS);
  const [dragged, setDragged] = useState<number | null>(null);
  const { legs, total } = stopLegs(stops);
  const key = (s: { type: string; id: number }) => `${s.type}:${s.id}`;
  return (
    <div id="route-stops" data-count={stops.length} data-total={total.toFixed(2)}>
      <ol className="tr-stops">
        {stops.map((s, k) => (
          <li
            key={`${key(s)}-${k}`}
            className="ordered-item tr-stop"
            draggable
            data-stop={s.name}
            data-dragging={dragged === k ? 'true' : undefined}
            onDragStart={(e) => {
              setDragged(k);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(k));
            }}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
            }}
            onDrop={(e) => {
              e.preventDefault();
              const from = dragged ?? Number(e.dataTransfer.getData('text/plain'));
              setDragged(null);
              if (Number.isInteger(from)) onChange(moveStop(stops, from, k));
            }}
            onDragEnd={() => setDragged(null)}
          >
            <HolderOutlined aria-hidden className="tr-stop-handle" />
            <span className="tr-stop-number">{k + 1}</span>
            <Tag>{t(`route.stopTypes.${s.type}`)}</Tag>
            <span className="ordered-item-name">{s.name}</span>
            <Typography.Text type="secondary" className="tr-stop-leg">
              {k > 0 ? t('route.leg', { length: legs[k]!.toFixed(1) }) : ''}
            </Typography.Text>
            <OrderActions
              index={k}
              count={stops.length}
              labels={{
                up: t('route.moveUp', { name: s.name }),
                down: t('route.moveDown', { name: s.name }),
                remove: t('route.removeStop', { name: s.name }),
              }}
              onMove={(to) => onChange(moveStop(stops, k, to))}
              onRemove={() => onChange(stops.filter((_, n) => n !== k))}
            />
          </li>
        ))}
      </ol>
      <Select
        id="route-add-stop"
        aria-label={t('route.addStop')}
        placeholder={t('route.addStopPlaceholder')}
        showSearch={{ optionFilterProp: 'label' }}
        value={null}
        style={{ width: '100%' }}
        options={options.map((o) => ({ value: key(o), label: `${t(`route.stopTypes.${o.type}`)} · ${o.name}` }))}
        onChange={(value: string | null) => {
          const picked = options.find((o) => key(o) === value);
          if (picked) onChange([...stops, picked]);
        }}
      />
      <div className="list-hint">{t('route.dragHint')}</div>
      <Typography.Text strong id="route-total">
        {t('route.total', { length: total.toFixed(2) })}
      </Typography.Text>
    </div>
  );
}
