/** Tokens handed to /auth-redirect in the query or the hash (`token` or `access_token`). */
export interface Handoff {
  accessToken: string;
  refreshToken?: string;
  /** Lifetime in seconds. */
  expired?: number;
}

function fromParams(params: URLSearchParams): Handoff | null {
  const accessToken = params.get('access_token') || params.get('token');
  if (!accessToken) return null;
  const refreshToken = params.get('refresh_token') || undefined;
  const expiredRaw = params.get('expired');
  const expired = expiredRaw !== null && /^\d+$/.test(expiredRaw) ? Number(expiredRaw) : undefined;
  return { accessToken, ...(refreshToken ? { refreshToken } : {}), ...(expired !== undefined ? { expired } : {}) };
}

export function readHandoff(search: string, hash: string): Handoff | null {
  return fromParams(new URLSearchParams(search)) ?? fromParams(new URLSearchParams(hash.replace(/^#/, '')));
}
