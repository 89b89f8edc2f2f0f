/**
 * How wide a control must be to show its whole placeholder: what it draws around the text (borders, padding, a clear
 * or arrow icon, a search button) stays as measured, and the text's room grows to the text's width. Never narrower
 * than the width the page asked for. Pure, so that the rule is tested without a browser.
 */
export function placeholderFitWidth(m: { width: number; controlWidth: number; textRoom: number; textWidth: number }): number {
  const around = m.controlWidth - m.textRoom;
  return Math.max(m.width, Math.ceil(around + m.textWidth));
}
