/** The login form's field checks: the message key of each empty field, nothing when the form may be sent. */
export interface LoginValues {
  username: string;
  password: string;
}

export type LoginIssues = Partial<Record<keyof LoginValues, 'login.usernameRequired' | 'login.passwordRequired'>>;

export function checkLogin(values: LoginValues): LoginIssues {
  const issues: LoginIssues = {};
  if (!values.username.trim()) issues.username = 'login.usernameRequired';
  // A password is sent as typed: spaces are characters of it.
  if (!values.password) issues.password = 'login.passwordRequired';
  return issues;
}
