import { describe, expect, it } from 'vitest';
import { mediaProblem, sniffFormat } from './media-rules.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom')]);
const amr = Buffer.from('#!AMR\n');

describe('media by content', () => {
  it('tells formats by their first bytes, not their names', () => {
    expect([png, jpg, mp4, amr].map(sniffFormat)).toEqual(['png', 'jpg', 'mp4', 'amr']);
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('takes each kind only in its formats and sizes', () => {
    expect(mediaProblem('image', png).problem).toBeNull();
    expect(mediaProblem('thumb', png).problem?.key).toBe('wx.mediaFormat');
    expect(mediaProblem('thumb', Buffer.concat([jpg, Buffer.alloc(64 * 1024)])).problem).toEqual({
      key: 'wx.mediaTooLarge',
      params: { limit: '64 KB' },
    });
    expect(mediaProblem('voice', amr).problem).toBeNull();
    expect(mediaProblem('video', png).problem?.key).toBe('wx.mediaFormat');
    expect(mediaProblem('voice', Buffer.concat([amr, Buffer.alloc(2 * 1024 * 1024)])).problem?.params).toEqual({ limit: '2 MB' });
  });
});
