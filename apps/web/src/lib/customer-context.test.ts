import { afterEach, describe, expect, it } from 'vitest';
import { actingCustomerId, customerContextHeaders, customerContextParams, setActingCustomer } from './customer-context';

describe('customer context', () => {
  afterEach(() => setActingCustomer(null));

  it('is absent until chosen, then rides on every call as a header and on images as actAs', () => {
    expect(actingCustomerId()).toBeNull();
    expect(customerContextHeaders()).toEqual({});
    setActingCustomer(7);
    expect(customerContextHeaders()).toEqual({ 'x-act-as-customer': '7' });
    expect(customerContextParams()).toEqual({ actAs: '7' });
    setActingCustomer(null);
    expect(customerContextParams()).toEqual({});
  });

  it('ignores a stored value that is not a customer id', () => {
    sessionStorage.setItem('agromet-act-as-customer', 'x');
    expect(actingCustomerId()).toBeNull();
  });
});
