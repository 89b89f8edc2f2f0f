/** Rules of the image upload widget (docs/console.md#image-upload-widget). */

export interface Size {
  width: number;
  height: number;
}

export type FileProblem = 'onlyImage' | 'sizeLimit';

/** Only images, at most `maxSizeKb` kilobytes. */
export function fileProblem(file: { type: string; size: number }, maxSizeKb: number): FileProblem | null {
  if (!file.type.startsWith('image/')) return 'onlyImage';
  if (file.size > maxSizeKb * 1024) return 'sizeLimit';
  return null;
}

/** The image must be at least as large as the output. */
export function isTooSmall(natural: Size, target: Size): boolean {
  return natural.width < target.width || natural.height < target.height;
}

export interface OutputFormat {
  ext: 'png' | 'jpg';
  mime: 'image/png' | 'image/jpeg';
  /** JPEG has no transparency: transparent areas are painted white. */
  background: string | null;
}

/** png stays png; every other requested format becomes jpg. */
export function outputFormat(requested: string): OutputFormat {
  return requested.toLowerCase() === 'png'
    ? { ext: 'png', mime: 'image/png', background: null }
    : { ext: 'jpg', mime: 'image/jpeg', background: '#ffffff' };
}

export const ZOOM_SLIDER_MAX = 100;
/** Beyond this the cropper would not be usable any more, however large the image. */
const ZOOM_CEILING = 10;

/**
 * Largest zoom of the cropper: at zoom 1 the crop frame covers the largest area of the output's
 * aspect ratio; zooming in must not take fewer source pixels than the output has.
 */
export function maxZoomFor(natural: Size, target: Size): number {
  const aspect = target.width / target.height;
  const widthAtZoom1 = Math.min(natural.width, natural.height * aspect);
  return Math.min(ZOOM_CEILING, Math.max(1, widthAtZoom1 / target.width));
}

/** Slider 0–100 ↔ cropper zoom 1–maxZoom, linearly. */
export function zoomOfSlider(value: number, maxZoom: number): number {
  const v = Math.min(ZOOM_SLIDER_MAX, Math.max(0, value));
  return 1 + (v / ZOOM_SLIDER_MAX) * (maxZoom - 1);
}

export function sliderOfZoom(zoom: number, maxZoom: number): number {
  if (maxZoom <= 1) return 0;
  return Math.round(((zoom - 1) / (maxZoom - 1)) * ZOOM_SLIDER_MAX);
}

/** One press of the zoom buttons moves the slider this much (repeated while held). */
export const ZOOM_SLIDER_STEP = 2;
/** Held zoom buttons step every 60 ms. */
export const ZOOM_REPEAT_MS = 60;

/** File name of the upload, with the output's extension. */
export function uploadFileName(original: string, format: OutputFormat): string {
  const base =
    original
      .replace(/\.[^./\\]*$/, '')
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 60) || 'image';
  return `${base}.${format.ext}`;
}

/** What the server answered: `{code:0, msg:<stored path>, data:{path,width,height,size}}`. */
export interface UploadResult {
  path: string;
  width: number;
  height: number;
  size: number;
}

/**
 * The upload's result from the server's envelope: what `data` says, the stored path from `msg` and the size asked
 * for and the blob's bytes where `data` says nothing.
 */
export function uploadResultOf(
  envelope: { msg: string; data?: Partial<UploadResult> | null },
  sent: { width: number; height: number; size: number },
): UploadResult {
  const data = envelope.data ?? {};
  return {
    path: data.path ?? envelope.msg,
    width: data.width ?? sent.width,
    height: data.height ?? sent.height,
    size: data.size ?? sent.size,
  };
}
