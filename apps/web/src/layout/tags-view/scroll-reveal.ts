/**
 * The scrollLeft that brings an item fully into view inside a horizontally scrolling strip,
 * with a margin so a neighbour peeks out; unchanged when the item is already visible.
 * Offsets are relative to the strip's content (item.left = offsetLeft).
 */
export function scrollLeftToReveal(
  strip: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  item: { left: number; width: number },
  margin = 16,
): number {
  const maxScroll = Math.max(0, strip.scrollWidth - strip.clientWidth);
  let target = strip.scrollLeft;
  if (item.left - margin < strip.scrollLeft) target = item.left - margin;
  else if (item.left + item.width + margin > strip.scrollLeft + strip.clientWidth) {
    target = item.left + item.width + margin - strip.clientWidth;
  }
  return Math.min(maxScroll, Math.max(0, target));
}
