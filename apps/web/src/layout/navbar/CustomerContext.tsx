import { holdsPlatformScope } from '@agromet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { setActingCustomer } from '../../lib/customer-context';
import { reloadPage } from '../../lib/reload';
import { request } from '../../lib/request';
import { useUserStore } from '../../stores/user';

/**
 * For the platform: the customer whose context the console works in (docs/security.md#customer-context). Choosing one
 * is recorded by the server; the console then reloads in that context, shown here while it lasts.
 */
export function CustomerContext() {
  const { t } = useTranslation();
  const { roles, customerId, homeCustomerId, customer } = useUserStore(
    useShallow((s) => ({ roles: s.roles, customerId: s.customerId, homeCustomerId: s.homeCustomerId, customer: s.customer })),
  );
  const platform = holdsPlatformScope(roles);
  const options = useQuery({
    queryKey: ['navbar', 'customer-options'],
    queryFn: ({ signal }) => request('customerOptions', { signal }),
    enabled: platform,
  });
  const [switching, setSwitching] = useState(false);
  if (!platform) return null;
  const acting = customerId !== null && homeCustomerId !== null && customerId !== homeCustomerId;

  const choose = async (id: number) => {
    setSwitching(true);
    try {
      const home = id === homeCustomerId;
      await request('customerContext', { body: { customerId: home ? null : id } });
      setActingCustomer(home ? null : id);
      // Every page, list and map reloads in the new context.
      reloadPage();
    } catch {
      // The request client has shown why.
      setSwitching(false);
    }
  };

  return (
    <div className="navbar-customer-context">
      {acting ? (
        <Tag color="warning" id="customer-context-tag">
          {t('navbar.actingFor', { customer })}
        </Tag>
      ) : null}
      <Select
        id="customer-context"
        size="small"
        aria-label={t('navbar.customerContext')}
        loading={options.isPending || switching}
        disabled={switching}
        value={customerId ?? undefined}
        onChange={(id: number) => void choose(id)}
        options={(options.data ?? []).map((o) => ({
          value: o.id,
          label: o.id === homeCustomerId ? t('navbar.ownCustomer', { customer: o.name }) : o.name,
        }))}
        popupMatchSelectWidth={false}
        style={{ width: 180 }}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </div>
  );
}
