import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Space } from 'antd';
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
  return (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      <RowAction
        type="text"
        size="small"
        icon={<ArrowUpOutlined aria-hidden />}
        label={labels.up}
        tip={tips?.up}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      />
      <RowAction
        type="text"
        size="small"
        icon={<ArrowDownOutlined aria-hidden />}
        label={labels.down}
        tip={tips?.down}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      />
      <RowAction
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        label={labels.remove}
        tip={tips?.remove}
        onClick={onRemove}
      />
    </Space>
  );
}
