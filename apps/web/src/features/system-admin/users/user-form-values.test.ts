import type { UserRow } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { newUserBody, userFields, userFormValues } from './user-form-values';

const row = {
  id: 4,
  username: 'li.lei',
  firstName: 'Lei',
  lastName: 'Li',
  name: '李雷',
  email: 'li@example.com',
  mobile: '13900000000',
  customerId: 2,
  roles: [{ id: 5, name: '系统管理' }],
} as UserRow;

describe('user form values', () => {
  it('opens a new user on the given customer, with no roles and an empty password', () => {
    expect(userFormValues(null, 3)).toMatchObject({ username: '', customerId: 3, roleIds: [], password: '' });
  });

  it('opens an existing user with its fields and role ids, and no password', () => {
    const v = userFormValues(row, 3);
    expect(v).toMatchObject({ username: 'li.lei', name: '李雷', customerId: 2, roleIds: [5] });
    expect(v).not.toHaveProperty('password');
  });

  it('sends the text trimmed, and the username and password of a new user', () => {
    const v = { ...userFormValues(null, 3), username: ' han ', name: ' 韩梅梅 ', email: ' h@example.com ', password: ' Pass-1 ' };
    expect(userFields(v)).toEqual({
      firstName: '',
      lastName: '',
      name: '韩梅梅',
      email: 'h@example.com',
      mobile: '',
      customerId: 3,
      roleIds: [],
    });
    // A password is sent as typed.
    expect(newUserBody(v)).toMatchObject({ username: 'han', password: ' Pass-1 ', name: '韩梅梅' });
  });
});
