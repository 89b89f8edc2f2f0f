/**
 * Which views the content area renders, in a stable order: the kept-alive ones, then the
 * active one if it is not kept (noCache, or not yet recorded). A stable order keeps React
 * from moving or re-creating the DOM of hidden views.
 */
export function viewsToRender(cached: readonly string[], activePath: string | null): string[] {
  const views = [...new Set(cached)];
  if (activePath !== null && !views.includes(activePath)) views.push(activePath);
  return views;
}
