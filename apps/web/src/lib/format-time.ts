const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO instant as "YYYY-MM-DD HH:mm" in the browser's time zone, as the product, criteria and download tables show
 * times; "" for empty or invalid input.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
