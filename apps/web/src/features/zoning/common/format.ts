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
