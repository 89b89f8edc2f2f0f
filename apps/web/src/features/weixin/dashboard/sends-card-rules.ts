import type { WxSend } from '@agromet/contracts';

/**
 * What the sends card lists under its "waiting for approval: N": the waiting sends of the page the server returned
 * (newest first), never one in another state, and how many more wait beyond them.
 */
export function waitingSends(page: { total: number; list: WxSend[] } | undefined): { shown: WxSend[]; more: number } {
  if (!page) return { shown: [], more: 0 };
  const shown = page.list.filter((s) => s.state === 'pending');
  return { shown, more: Math.max(0, page.total - shown.length) };
}
