import { vi } from 'vitest';

/** A call the stubbed fetch received. */
export type FetchCall = { url: string; init: RequestInit };

/**
 * Puts a stub in place of fetch (vi.unstubAllGlobals undoes it): each call is recorded, in order, in the list returned,
 * and answered by `answer`.
 */
export function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, init });
      return answer(url, init);
    }),
  );
  return calls;
}
