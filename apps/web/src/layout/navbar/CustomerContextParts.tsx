import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { setActingCustomer } from '../../lib/customer-context';
import { reloadPage } from '../../lib/reload';
import { request } from '../../lib/request';
import { useCustomerContext } from './CustomerContext';

/**
 * While the platform works for another customer, a tag saying whose, in the top bar between the breadcrumb and the
 * chooser. On two lines ("Working for" over the customer's name), so that it leaves the breadcrumb its room; where even
 * that is too wide, each line ends in "…" (the top bar's CSS gives it up before the breadcrumb).
 */
export function ActingTag() {
  const { acting, customer } = useCustomerContext();
  if (!acting) return null;
  return (
    <Tag color="warning" id="customer-context-tag" className="navbar-acting">
      <Trans
        i18nKey="navbar.actingFor"
        values={{ customer }}
        components={{ customer: <span className="navbar-acting-customer" title={customer} /> }}
      />
    </Tag>
  );
}

/**
 * For the platform: the customer whose context the console works in (docs/security.md#customer-context). Choosing one
 * is recorded by the server; the console then reloads in that context (shown meanwhile by CustomerContextTag).
 */
export function CustomerChooser() {
  const { t } = useTranslation();
  const { platform, customerId, homeCustomerId } = useCustomerContext();
  const options = useQuery({
    queryKey: ['navbar', 'customer-options'],
    queryFn: ({ signal }) => request('customerOptions', { signal }),
    enabled: platform,
  });
  const [switching, setSwitching] = useState(false);
  if (!platform) return null;

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
