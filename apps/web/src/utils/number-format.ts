/** Decimal suffixes, largest first (k, M, G, T, P, E: docs/console.md#feedback-and-formats). */
const SUFFIXES = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/**
 * Short form of a number with a decimal suffix: 10000 → "10k", 1234567 (1 digit) → "1.2M".
 * At most `digits` decimals, trailing zeros dropped; negative numbers keep their sign.
 */
export function formatNumberShort(num: number, digits = 0): string {
  if (!Number.isFinite(num)) return String(num);
  const abs = Math.abs(num);
  for (const { value, symbol } of SUFFIXES) {
    if (abs >= value) {
      const text = (abs / value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
      return `${num < 0 ? '-' : ''}${text}${symbol}`;
    }
  }
  return String(num);
}

/** 1234567.891 → "1,234,567.891" (thousands separators, decimals kept). */
export function formatThousands(num: number): string {
  const [int = '', frac] = String(num).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}
