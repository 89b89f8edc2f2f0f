const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as "YYYY-MM-DD HH:mm" in the browser's time zone; "" for empty or invalid input. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A value for a table: at most `digits` decimals, trailing zeros dropped; "" when not finite. */
export function formatValue(value: number | null | undefined, digits = 2): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const rounded = Number(value.toFixed(digits));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** A regression coefficient with its sign, for a formula: "+ 0.714", "− 1.029". */
export function signedTerm(value: number, digits = 4): string {
  const abs = formatValue(Math.abs(value), digits);
  return value < 0 ? `− ${abs}` : `+ ${abs}`;
}
