// MICAPS header times are wall-clock times of a time zone (in China Beijing time, UTC+8: the 08 and 20 runs are
// 00 and 12 UTC). These turn a header's year, month, day and hour into a UTC instant and back, for an IANA zone.

export interface MicapsTime {
  year: number;
  month: number;
  day: number;
  hour: number;
}

/** The zone MICAPS files carry when nothing else is said: Beijing time. */
export const DEFAULT_MICAPS_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws RangeError for a name that is not an IANA time zone. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

/** Milliseconds the zone's clock is ahead of UTC at an instant. */
function offsetMs(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The wall-clock hour of an instant in a zone, as a MICAPS header writes it. */
export function toMicapsTime(iso: string, timeZone: string): MicapsTime {
  const ms = Date.parse(iso);
  const d = new Date(ms + offsetMs(timeZone, ms));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours() };
}

/**
 * The UTC instant (ISO) of a header's wall-clock hour in a zone. An hour a clock change repeats is its first
 * occurrence; one a clock change skips is read with the offset before the change.
 */
export function fromMicapsTime(t: MicapsTime, timeZone: string): string {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour);
  // The offset an hour before and after the guess: try both, keep the earliest that reads back as the same wall time.
  const candidates = [offsetMs(timeZone, wall - 86_400_000), offsetMs(timeZone, wall), offsetMs(timeZone, wall + 86_400_000)]
    .map((off) => wall - off)
    .sort((a, b) => a - b);
  const exact = candidates.find((ms) => ms + offsetMs(timeZone, ms) === wall);
  return new Date(exact ?? wall - offsetMs(timeZone, wall)).toISOString();
}

/** `UTC+08:00`: the zone's offset at an instant, as written in file descriptions and job results. */
export function utcOffsetLabel(timeZone: string, iso: string): string {
  const minutes = Math.round(offsetMs(timeZone, Date.parse(iso)) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
