import { AppstoreAddOutlined, DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ToolbarAction } from '../../../components/admin-list/ListPageView';
import { rowActionsColumn, type RowActionSpec } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';

/** "New" on the right of a list page's toolbar. */
export function createAction(t: TFunction, id: string, onClick: () => void): ToolbarAction {
  return { id, label: t('common.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick };
}

/**
 * The action column of a system-administration table: kept on the right, its buttons at the controls' size (which
 * the fitted table measures), each named with its row for screen readers and tests ("编辑 demo-sysadmin").
 */
export function actionsColumn<T>(t: TFunction, actions: readonly RowActionSpec<T>[]): FitColumn<T> {
  return rowActionsColumn(t('common.actions'), actions, undefined, 'middle');
}

/** One icon button of a row, its tooltip `tip` and its accessible name `tip` and the row's name. */
function action<T>(key: string, icon: RowActionSpec<T>['icon'], tip: string, name: (row: T) => string, onClick: (row: T) => void) {
  const spec: RowActionSpec<T> = { key, icon, tip, label: (row) => `${tip} ${name(row)}`, onClick };
  return spec;
}

export function editAction<T>(t: TFunction, name: (row: T) => string, onClick: (row: T) => void): RowActionSpec<T> {
  return action('edit', <EditOutlined aria-hidden />, t('common.edit'), name, onClick);
}

/** Delete; `disabled` rows keep the button greyed, `why` then in its tooltip. */
export function deleteAction<T>(
  t: TFunction,
  name: (row: T) => string,
  onClick: (row: T) => void,
  disabled?: (row: T) => boolean,
  why?: string,
): RowActionSpec<T> {
  return {
    ...action('delete', <DeleteOutlined aria-hidden />, t('common.delete'), name, onClick),
    danger: true,
    disabled,
    disabledTip: why,
  };
}

export function resetPasswordAction<T>(t: TFunction, name: (row: T) => string, onClick: (row: T) => void): RowActionSpec<T> {
  return action('reset-password', <KeyOutlined aria-hidden />, t('user.resetPassword'), name, onClick);
}

/** "Modules" of a customer's row: the platform edits what the customer has bought. */
export function entitlementsAction<T>(t: TFunction, name: (row: T) => string, onClick: (row: T) => void): RowActionSpec<T> {
  return action('entitlements', <AppstoreAddOutlined aria-hidden />, t('customer.entitlementsEdit'), name, onClick);
}
