import type { UserCreate, UserRow, UserUpdate } from '@agromet/contracts';

/** What the user form holds. */
export interface UserFormValues {
  username: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  mobile: string;
  customerId: number | undefined;
  roleIds: number[];
  password?: string;
}

/** The form of a new user (of the given customer), or of an existing one. */
export function userFormValues(row: UserRow | null, defaultCustomerId: number | undefined): UserFormValues {
  if (!row) {
    return {
      username: '',
      firstName: '',
      lastName: '',
      name: '',
      email: '',
      mobile: '',
      customerId: defaultCustomerId,
      roleIds: [],
      password: '',
    };
  }
  return {
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    customerId: row.customerId,
    roleIds: row.roles.map((r) => r.id),
  };
}

const text = (v: string | undefined) => (v ?? '').trim();

/** What the form sends of any user: its text trimmed, the customer and roles. */
export function userFields(v: UserFormValues): Omit<UserUpdate, 'id' | 'version'> {
  return {
    firstName: text(v.firstName),
    lastName: text(v.lastName),
    name: text(v.name),
    email: text(v.email),
    mobile: text(v.mobile),
    customerId: v.customerId!,
    roleIds: v.roleIds ?? [],
  };
}

/** What the form sends of a new user: its username and password too. */
export function newUserBody(v: UserFormValues): UserCreate {
  return { username: text(v.username), password: v.password ?? '', ...userFields(v) };
}
