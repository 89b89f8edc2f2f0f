/** Where the bar starts, and the ceiling it never passes before the work ends. */
export const PROGRESS_START = 0.08;
export const PROGRESS_CEILING = 0.994;

/** One trickle step: big steps early, ever smaller ones as it nears the ceiling. */
export function trickle(progress: number): number {
  const p = Math.max(PROGRESS_START, progress);
  const step = p < 0.2 ? 0.1 : p < 0.5 ? 0.04 : p < 0.8 ? 0.02 : p < 0.99 ? 0.005 : 0;
  return Math.min(PROGRESS_CEILING, p + step);
}
