/**
 * Performance marks of one edit, from the click to the map showing the new values: the forecaster's edit loop
 * (`npm run bench:edit-loop` reads them; docs/benchmarks.md#figures-the-edit-loop). Marks cost a few microseconds and are kept in
 * the production build; only the latest edit's are kept.
 */
export type EditLoopStage = 'click' | 'answer' | 'bytes' | 'decoded' | 'painted';

const PREFIX = 'edit-loop:';

export function markEditLoop(stage: EditLoopStage): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (stage === 'click') for (const s of ['click', 'answer', 'bytes', 'decoded', 'painted']) performance.clearMarks(PREFIX + s);
  performance.mark(PREFIX + stage);
}
