import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Space, type ButtonProps } from 'antd';
import { RowAction } from '../admin-list/table-columns';
import './ordered-list.css';

/** The three buttons' words: the accessible names (naming the item), and shorter tooltips where wanted. */
export interface OrderActionWords {
  up: string;
  down: string;
  remove: string;
}

/**
 * Move up, move down and remove on an item of a list the user orders (a route's stops, a menu's buttons); up and down
 * are off at the ends. A click on them is theirs alone: the item's own click (selecting it) does not run.
 */
export function OrderActions({
  index,
  count,
  labels,
  tips,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  labels: OrderActionWords;
  tips?: OrderActionWords;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const buttons: { key: keyof OrderActionWords; props: ButtonProps }[] = [
    { key: 'up', props: { icon: <ArrowUpOutlined aria-hidden />, disabled: index === 0, onClick: () => onMove(index - 1) } },
    { key: 'down', props: { icon: <ArrowDownOutlined aria-hidden />, disabled: index === count - 1, onClick: () => onMove(index + 1) } },
    { key: 'remove', props: { icon: <DeleteOutlined aria-hidden />, danger: true, onClick: onRemove } },
  ];
  return (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      {buttons.map((b) => (
        <RowAction key={b.key} type="text" size="small" label={labels[b.key]} tip={tips?.[b.key]} {...b.props} />
      ))}
    </Space>
  );
}
