/** What is wrong with a /user/info answer, if anything (docs/console.md#sign-in-and-the-session). */
export function validateUserInfo(data: unknown): 'missing' | 'roles' | null {
  if (typeof data !== 'object' || data === null) return 'missing';
  const roles = (data as { roles?: unknown }).roles;
  if (!Array.isArray(roles) || roles.length === 0) return 'roles';
  return null;
}
