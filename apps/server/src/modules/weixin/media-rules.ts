import { WX_MEDIA_LIMITS, type WxMediaType } from '@agromet/contracts';

// Media formats by their content (docs/weixin.md#media): the first bytes say what a file is, whatever its name; a
// file is refused before WeChat sees it when its format or size does not suit the kind of medium.

/** The format of a file from its magic bytes, or null when it is none WeChat takes. */
export function sniffFormat(b: Buffer): string | null {
  const at = (offset: number, ...bytes: number[]) => bytes.every((x, k) => b[offset + k] === x);
  const ascii = (offset: number, text: string) => b.subarray(offset, offset + text.length).toString('latin1') === text;
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'BM') && b.length > 26) return 'bmp';
  if (ascii(0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  if (ascii(0, '#!AMR')) return 'amr';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'wav';
  if (at(0, 0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11)) return 'wma';
  if (ascii(4, 'ftyp')) return 'mp4';
  return null;
}

export type MediaProblem = { key: 'wx.mediaFormat'; params: { formats: string } } | { key: 'wx.mediaTooLarge'; params: { limit: string } };

/** What is wrong with a file as a medium of this type (null: WeChat will take it). */
export function mediaProblem(type: WxMediaType, bytes: Buffer): { format: string | null; problem: MediaProblem | null } {
  const limits = WX_MEDIA_LIMITS[type];
  const format = sniffFormat(bytes);
  if (!format || !limits.formats.includes(format))
    return { format, problem: { key: 'wx.mediaFormat', params: { formats: limits.formats.join(', ') } } };
  if (bytes.length > limits.maxBytes) {
    const limit = limits.maxBytes >= 1024 * 1024 ? `${limits.maxBytes / 1024 / 1024} MB` : `${limits.maxBytes / 1024} KB`;
    return { format, problem: { key: 'wx.mediaTooLarge', params: { limit } } };
  }
  return { format, problem: null };
}
