import { describe, expect, it } from 'vitest';
import {
  fileProblem,
  isTooSmall,
  maxZoomFor,
  outputFormat,
  sliderOfZoom,
  uploadFileName,
  uploadResultOf,
  zoomOfSlider,
} from './image-rules';

describe('image upload rules', () => {
  it('accepts only images within the size limit', () => {
    expect(fileProblem({ type: 'text/plain', size: 10 }, 10240)).toBe('onlyImage');
    expect(fileProblem({ type: '', size: 10 }, 10240)).toBe('onlyImage');
    expect(fileProblem({ type: 'image/png', size: 10240 * 1024 }, 10240)).toBeNull();
    expect(fileProblem({ type: 'image/png', size: 10240 * 1024 + 1 }, 10240)).toBe('sizeLimit');
  });

  it('refuses images smaller than the output', () => {
    expect(isTooSmall({ width: 299, height: 400 }, { width: 300, height: 300 })).toBe(true);
    expect(isTooSmall({ width: 300, height: 300 }, { width: 300, height: 300 })).toBe(false);
  });

  it('outputs png or jpg, jpg on a white background', () => {
    expect(outputFormat('png')).toEqual({ ext: 'png', mime: 'image/png', background: null });
    expect(outputFormat('PNG').ext).toBe('png');
    for (const other of ['jpg', 'jpeg', 'webp', 'gif'])
      expect(outputFormat(other)).toEqual({ ext: 'jpg', mime: 'image/jpeg', background: '#ffffff' });
  });

  it('zooms until the crop would take fewer pixels than the output', () => {
    expect(maxZoomFor({ width: 600, height: 400 }, { width: 200, height: 200 })).toBe(2);
    expect(maxZoomFor({ width: 300, height: 300 }, { width: 300, height: 300 })).toBe(1);
    expect(maxZoomFor({ width: 20000, height: 20000 }, { width: 200, height: 200 })).toBe(10);
  });

  it('maps the 0–100 slider to the zoom range and back', () => {
    expect(zoomOfSlider(0, 3)).toBe(1);
    expect(zoomOfSlider(50, 3)).toBe(2);
    expect(zoomOfSlider(100, 3)).toBe(3);
    expect(zoomOfSlider(150, 3)).toBe(3);
    expect(zoomOfSlider(-5, 3)).toBe(1);
    expect(sliderOfZoom(2, 3)).toBe(50);
    expect(sliderOfZoom(1, 1)).toBe(0);
  });

  it('names the upload after the original with the output extension', () => {
    expect(uploadFileName('my photo.webp', outputFormat('jpg'))).toBe('my_photo.jpg');
    expect(uploadFileName('.png', outputFormat('png'))).toBe('image.png');
  });
});

describe('uploadResultOf', () => {
  const sent = { width: 200, height: 100, size: 5120 };

  it('takes what the server says about the stored image', () => {
    const data = { path: '/files/a.png', width: 400, height: 200, size: 9000 };
    expect(uploadResultOf({ msg: '/files/other.png', data }, sent)).toEqual(data);
  });

  it('falls back on the path in msg and the size sent when data is empty', () => {
    expect(uploadResultOf({ msg: '/files/b.png', data: null }, sent)).toEqual({ path: '/files/b.png', ...sent });
    expect(uploadResultOf({ msg: '/files/c.png', data: { width: 300 } }, sent)).toEqual({
      path: '/files/c.png',
      width: 300,
      height: 100,
      size: 5120,
    });
  });
});
