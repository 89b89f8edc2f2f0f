import { API_ENDPOINTS } from '@agromet/contracts/web';
import type { ApiName } from '@agromet/contracts';
import { http, type CallOptions } from './request';
import type { QueryValue } from './request-rules';

/** Saves a Blob as a file through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Exports may take a while on a large log. */
export const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * GET a raw download route (`raw` in the contract) with the bearer token (refreshed first when due),
 * as a Blob. Failures answer the JSON envelope, which the request client shows as a toast.
 */
export async function downloadRaw(name: ApiName, query: Record<string, QueryValue>, opts: CallOptions = {}): Promise<Blob> {
  const def = API_ENDPOINTS[name];
  const data = await http<unknown>(def.method, def.url, { timeoutMs: DOWNLOAD_TIMEOUT_MS, ...opts, query, responseType: 'blob' });
  if (data instanceof Blob) return data;
  // A success envelope instead of bytes (should not happen for a raw route): save its text.
  return new Blob([typeof data === 'string' ? data : JSON.stringify(data)], { type: 'text/csv;charset=utf-8' });
}
