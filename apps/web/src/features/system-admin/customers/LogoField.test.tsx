import { UPLOAD_MAX_KB } from '@agromet/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const upload = vi.fn();
vi.mock('../../../lib/request', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/request')>();
  return { ...actual, api: { ...actual.api, upload: (...args: unknown[]) => upload(...args) } };
});

const { checkLogoFile, LogoField } = await import('./LogoField');

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <App>
      <LogoField
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
    </App>
  );
}

describe('LogoField', () => {
  beforeEach(() => upload.mockReset());

  it('accepts images within the size limit only', () => {
    expect(checkLogoFile({ type: 'image/png', size: 1000 })).toBe('ok');
    expect(checkLogoFile({ type: '', size: 1000 })).toBe('ok');
    expect(checkLogoFile({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(checkLogoFile({ type: 'image/jpeg', size: UPLOAD_MAX_KB * 1024 + 1 })).toBe('size');
  });

  it('uploads the chosen image through the request client and previews the stored path', async () => {
    upload.mockResolvedValue({ path: '/api/files/uploads/2024/01/logo.png', width: 10, height: 10, size: 100 });
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/api/files/uploads/2024/01/logo.png'));
    expect(upload).toHaveBeenCalledWith(file, 'logo.png');
    expect(container.querySelector('#customer-logo-preview')?.getAttribute('src')).toBe('/api/files/uploads/2024/01/logo.png');
  });

  it('removes the logo', () => {
    const onChange = vi.fn();
    render(<Harness initial="/api/files/uploads/a.png" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /移除标志/ }));
    expect(onChange).toHaveBeenCalledWith('');
    expect(screen.getByText('未设置标志（使用默认标志）')).toBeInTheDocument();
  });
});
