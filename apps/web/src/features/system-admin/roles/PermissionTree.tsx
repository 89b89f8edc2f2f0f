import { APP_ROUTES } from '@agromet/contracts/web';
import type { PermissionRow } from '@agromet/contracts';
import { Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NS, permissionNameKey } from '../i18n';
import { canGrant, checkedCodes, groupPermissions, offeredPermissions } from './permission-tree';

export interface PermissionTreeProps {
  /** Checked permission codes (antd Form passes value/onChange). */
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
  permissions: readonly PermissionRow[];
  /** Codes the editing user holds: others cannot be ticked. */
  held: readonly string[];
  /** Codes the role had when the editor opened (they may stay). */
  original: readonly string[];
}

/** The authorisation of a role: permission codes in groups like the menu, labelled by translated name and code. */
export function PermissionTree({ value = [], onChange, id, permissions, held, original }: PermissionTreeProps) {
  const { t } = useTranslation(NS);
  const { t: tr } = useTranslation();

  const treeData = useMemo<TreeDataNode[]>(
    () =>
      groupPermissions(APP_ROUTES, offeredPermissions(permissions, held, original)).map((group) => ({
        key: group.key,
        title: <span data-group={group.key}>{group.titleKey ? tr(`route.${group.titleKey}`) : t('role.otherGroup')}</span>,
        children: group.items.map((p) => {
          const grantable = canGrant(p.code, held, original);
          return {
            key: p.code,
            disableCheckbox: !grantable,
            title: (
              <span className="sa-perm-label" data-code={p.code} title={grantable ? undefined : t('role.notHeld')}>
                <span>{t(permissionNameKey(p.code), { defaultValue: p.name })}</span>
                <Typography.Text type="secondary" code>
                  {p.code}
                </Typography.Text>
              </span>
            ),
          };
        }),
      })),
    [permissions, held, original, t, tr],
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
