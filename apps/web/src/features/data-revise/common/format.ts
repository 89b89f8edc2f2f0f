const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** An ISO instant as "YYYY-MM-DD HH:mm:ss" in the browser's time zone; "" for empty or invalid input. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = validDate(iso);
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** An ISO instant as "YYYY-MM-DD HH:mm" in the browser's time zone (base times are whole hours). */
export function formatDateMinute(iso: string | null | undefined): string {
  return formatDateTime(iso).slice(0, 16);
}

/** A number for a table cell: at most `digits` decimals, trailing zeros dropped; "" when not finite. */
export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const rounded = Number(value.toFixed(digits));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** "34.3000, 108.9300": latitude and longitude to 4 decimals (about 10 m). */
export function formatLatLon(lat: number, lon: number): string {
  return `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
}
