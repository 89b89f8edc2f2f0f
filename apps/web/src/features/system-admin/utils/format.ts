const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An ISO instant as "YYYY-MM-DD HH:mm:ss" in the browser's time zone; "" for empty or invalid input. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A log row's `parameter` (JSON text) pretty-printed; text that is not JSON is shown as it is. */
export function prettyJson(text: string): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** "34.34, 108.94": a map centre for a table cell. */
export function formatCentre(lat: number, lon: number): string {
  return `${lat}, ${lon}`;
}
