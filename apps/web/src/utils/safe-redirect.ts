/**
 * The `redirect` query parameter of /login, made safe: only a same-origin absolute path
 * (with its query and hash) is followed; anything else falls back to `/`.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(target)) return fallback;
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login#')) return fallback;
  return target;
}
