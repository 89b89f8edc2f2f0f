// The bulletin page's measures (A4 portrait, in points) and how a picture is fitted into the room it is given.

export const RED = '#d40000';
export const PAGE = { w: 595.28, h: 841.89 };
export const M = { left: 68, right: 68, top: 64, bottom: 76 };
export const WIDTH = PAGE.w - M.left - M.right;
export const BODY_SIZE = 12;
export const HEADING_SIZE: Record<number, number> = { 1: 17, 2: 15, 3: 13.5, 4: 12.5 };

/**
 * A picture's drawn size: never wider than `maxW` nor than its own pixels, then no higher than `maxH` (narrowed to
 * keep its proportions).
 */
export function fitPicture(imgW: number, imgH: number, maxW: number, maxH: number): { w: number; h: number } {
  let w = Math.min(maxW, imgW);
  let h = (w * imgH) / imgW;
  if (h > maxH) {
    h = maxH;
    w = (h * imgW) / imgH;
  }
  return { w, h };
}
