import { useLayoutEffect, useState } from 'react';
import { placeholderFitWidth } from './placeholder-fit';

/** The width of a text laid out in an element's font (fractional: a box's scrollWidth rounds it away). */
function textWidth(text: string, el: Element): number {
  const probe = document.createElement('span');
  probe.textContent = text;
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;left:-10000px;top:0';
  probe.style.font = getComputedStyle(el).font;
  document.body.appendChild(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width;
}

function contentWidth(el: HTMLElement): number {
  const s = getComputedStyle(el);
  return el.getBoundingClientRect().width - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
}

// An input lays its text out with room for the caret and cuts a placeholder a few pixels before its own width: seen
// 3.8 px in Chromium ("Lugar o descripción", 122.2 px, cut in a 123.4 px input); a select's placeholder cuts within a
// pixel, and the box may be laid out a fraction narrower than measured: a few pixels to spare.
const INPUT_SLACK = 8;
const SELECT_SLACK = 4;

/** The room a control gives its placeholder, and the room the text needs. */
function placeholderRoom(input: HTMLElement, control: HTMLElement): { room: number; need: number } | null {
  if (control.classList.contains('ant-select')) {
    const shown = control.querySelector<HTMLElement>('.ant-select-placeholder');
    return shown ? { room: contentWidth(shown), need: textWidth(shown.textContent ?? '', shown) + SELECT_SLACK } : null;
  }
  if (!(input instanceof HTMLInputElement) || !input.placeholder) return null;
  return { room: contentWidth(input), need: textWidth(input.placeholder, input) + INPUT_SLACK };
}

/**
 * The width for a filter control (a keyword box, a select or cascader named by its placeholder) given `width`: wider
 * when its placeholder, in the current language, would be cut. Measured in the page after each render that changes
 * the text or whether it is shown (`shown`: a select shows its value instead), as the controls draw different things
 * around it (a search button, an arrow, a clear icon), and again whenever the control's text box changes size: after a
 * switch of language the parts around the text are drawn in the new language after the text itself, and a page kept
 * open behind another is laid out (from nothing) only when shown again. `id` is the control's input's id.
 */
export function usePlaceholderFit(id: string | undefined, placeholder: string | undefined, width: number, shown = true): number {
  const [fit, setFit] = useState(width);
  useLayoutEffect(() => {
    const input = id ? document.getElementById(id) : null;
    // The outermost part the width is set on: a keyword box's group (with its button) before its inner affix wrapper.
    const control = ['.ant-input-search', '.ant-select', '.ant-input-affix-wrapper']
      .map((selector) => input?.closest<HTMLElement>(selector))
      .find(Boolean);
    if (!input || !control || !placeholder || !shown) return;
    const measure = () => {
      // Not laid out (a page kept open behind another): nothing to measure until it is shown.
      if (control.getClientRects().length === 0) return;
      const measured = placeholderRoom(input, control);
      if (!measured) return;
      setFit(
        placeholderFitWidth({
          width,
          controlWidth: control.getBoundingClientRect().width,
          textRoom: measured.room,
          textWidth: measured.need,
        }),
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The box the text is laid out in: the input, or a select's placeholder. Setting the width found resizes it once
    // more, and the same width is found again, so this settles.
    const textBox = control.querySelector<HTMLElement>('.ant-select-placeholder') ?? input;
    const observer = new ResizeObserver(() => measure());
    observer.observe(textBox);
    return () => observer.disconnect();
  }, [id, placeholder, width, shown]);
  return Math.max(width, fit);
}
