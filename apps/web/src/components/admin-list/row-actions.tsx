import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Space, type ButtonProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { actionColumn, RowAction, type FitColumn } from './table-columns';

/** One icon button of a row's action column, described as data. */
export interface RowActionSpec<T> {
  key: string;
  icon: ReactNode;
  /** The tooltip. */
  tip: string;
  /** The accessible name, naming the row ("Edit 骊山"). */
  label: (row: T) => string;
  danger?: boolean;
  /** Shown only on the rows it applies to. */
  shown?: (row: T) => boolean;
  /** Shown but not to be used on some rows (one's own account); `disabledTip` then says why instead of `tip`. */
  disabled?: (row: T) => boolean;
  disabledTip?: string;
  onClick: (row: T) => void;
}

/** Edit and delete, named with the row for screen readers and tests. */
export function editDeleteActions<T>(t: TFunction, name: (row: T) => string, onEdit: (row: T) => void, onDelete: (row: T) => void) {
  const actions: RowActionSpec<T>[] = [
    {
      key: 'edit',
      icon: <EditOutlined aria-hidden />,
      tip: t('common.edit'),
      label: (r) => `${t('common.edit')} ${name(r)}`,
      onClick: onEdit,
    },
    {
      key: 'delete',
      icon: <DeleteOutlined aria-hidden />,
      tip: t('common.delete'),
      label: (r) => `${t('common.delete')} ${name(r)}`,
      danger: true,
      onClick: onDelete,
    },
  ];
  return actions;
}

/**
 * The action column of a list table, kept on the right; a click on its buttons does not reach the row. As wide as its
 * buttons (actionColumn), or `width` when given ('auto': as wide as the browser lays it out). Its buttons are small
 * unless `size` says otherwise (a fitted table measures them at the controls' own size: 'middle').
 */
export function rowActionsColumn<T>(
  title: string,
  actions: readonly RowActionSpec<T>[],
  width?: number | 'auto',
  size: ButtonProps['size'] = 'small',
): FitColumn<T> {
  const shown = (row: T) => actions.filter((a) => !a.shown || a.shown(row));
  const column = actionColumn<T>(title, actions.some((a) => a.shown) ? (row) => shown(row).length : actions.length, (row) => (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      {shown(row).map((a) => {
        const disabled = a.disabled?.(row) ?? false;
        return (
          <RowAction
            key={a.key}
            size={size}
            danger={a.danger}
            disabled={disabled}
            icon={a.icon}
            label={a.label(row)}
            tip={disabled ? (a.disabledTip ?? a.tip) : a.tip}
            onClick={() => a.onClick(row)}
          />
        );
      })}
    </Space>
  ));
  if (width === undefined) return column;
  return { ...column, width: width === 'auto' ? undefined : width, fit: undefined, className: undefined };
}
