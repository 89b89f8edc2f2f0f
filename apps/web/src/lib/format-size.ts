const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A file's size as every page writes it: binary multiples, at most one decimal, none for bytes (1536 → "1.5 KB",
 * 10 485 760 → "10 MB"). Null for an unknown or invalid size.
 */
export function formatSize(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${UNITS[unit]}`;
}

/** A limit given in kilobytes (the contracts' *_MAX_KB), written as formatSize writes sizes: 10240 → "10 MB". */
export function formatKb(kb: number): string {
  return formatSize(kb * 1024) ?? `${kb} KB`;
}
