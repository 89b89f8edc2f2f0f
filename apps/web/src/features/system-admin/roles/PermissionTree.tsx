import { APP_ROUTES } from '@agromet/contracts/web';
import type { PermissionRow } from '@agromet/contracts';
import { Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NS, permissionNameKey } from '../i18n';
import { checkedCodes, codeState, groupPermissions, type WithheldReason } from './permission-tree';

export interface PermissionTreeProps {
  /** Checked permission codes (antd Form passes value/onChange). */
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
  permissions: readonly PermissionRow[];
  /** Codes that cannot be ticked, each with why (the server's answer); shown beside the code on its line. */
  withheld: ReadonlyMap<string, WithheldReason>;
  /** Codes the role had when the editor opened (they may stay). */
  original: readonly string[];
}

/**
 * The authorisation of a role (or a customer's entitlements): permission codes in groups like the menu, labelled by
 * translated name and code; a withheld code is greyed with its reason written beside it, not only in a tooltip.
 */
export function PermissionTree({ value = [], onChange, id, permissions, withheld, original }: PermissionTreeProps) {
  const { t } = useTranslation(NS);
  const { t: tr } = useTranslation();

  const treeData = useMemo<TreeDataNode[]>(
    () =>
      groupPermissions(APP_ROUTES, permissions).map((group) => ({
        key: group.key,
        title: <span data-group={group.key}>{group.titleKey ? tr(`route.${group.titleKey}`) : t('role.otherGroup')}</span>,
        children: group.items.map((p) => {
          const state = codeState(p.code, withheld, original);
          return {
            key: p.code,
            disableCheckbox: state.disabled,
            title: (
              <span className="sa-perm-label" data-code={p.code} data-withheld={state.reason ?? undefined}>
                <span>{t(permissionNameKey(p.code), { defaultValue: p.name })}</span>
                <Typography.Text type="secondary" code>
                  {p.code}
                </Typography.Text>
                {state.reason ? (
                  <Typography.Text type="warning" className="sa-perm-reason">
                    {t(`role.withheld.${state.reason}`)}
                  </Typography.Text>
                ) : null}
              </span>
            ),
          };
        }),
      })),
    [permissions, withheld, original, t, tr],
  );

  return (
    <div className="sa-perm-tree" id={id}>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={value}
        onCheck={(checked) => onChange?.(checkedCodes(Array.isArray(checked) ? checked : checked.checked))}
      />
      <Typography.Text type="secondary" style={{ padding: '0 8px' }}>
        {t('role.selectedCount', { count: value.length })}
      </Typography.Text>
    </div>
  );
}
