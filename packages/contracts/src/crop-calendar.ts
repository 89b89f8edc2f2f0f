import { z } from 'zod';

// Crop calendars (docs/crop-calendar.md): per crop of the customer its development stages as month-day ranges for
// the customer's region, shifted by altitude and latitude; read by the risk engine to know which stage a hazard meets.

const id = z.number().int().positive();
const version = z.number().int().positive();
const monthDay = z.string().regex(/^\d{2}-\d{2}$/, 'monthDayFormat');

export const CALENDAR_LIMITS = { stages: 16, code: 32, name: 32, source: 500 } as const;

/** One stage: a code (`budBreak`; the built-in ones are named in the reader's language), its name, first and last day. */
export const CalendarStage = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,31}$/, 'stageCodeFormat'),
  /** As entered; empty: the built-in stage's name in the reader's language. */
  name: z.string().trim().max(CALENDAR_LIMITS.name).default(''),
  start: monthDay,
  end: monthDay,
});
export type CalendarStage = z.infer<typeof CalendarStage>;

const calendarFields = {
  stages: z.array(CalendarStage).min(1).max(CALENDAR_LIMITS.stages),
  /** Altitude (m) and latitude (° N) at which the dates hold. */
  refAltitudeM: z.number().min(-500).max(9000),
  refLatDeg: z.number().min(-90).max(90),
  /** Days later per 100 m above the reference altitude and per degree north of the reference latitude. */
  daysPer100m: z.number().min(-10).max(10),
  daysPerDegree: z.number().min(-10).max(10),
  /** Where the dates come from (free text). */
  source: z.string().trim().max(CALENDAR_LIMITS.source).default(''),
};
export const CropCalendarCreate = z.strictObject({ cropId: id, ...calendarFields });
export const CropCalendarUpdate = z.strictObject({ id, version, ...calendarFields });
export const CropCalendarDelete = z.strictObject({ id });
export type CropCalendarCreate = z.input<typeof CropCalendarCreate>;
export type CropCalendarUpdate = z.input<typeof CropCalendarUpdate>;

export const CropCalendar = z.object({
  id: z.number().int(),
  cropId: z.number().int(),
  /** The crop's name in the reader's language (built-in crops) or as entered. */
  cropName: z.string(),
  /** The built-in crop's key (`tea`), empty for the customer's own crops. */
  cropKey: z.string(),
  stages: z.array(CalendarStage.extend({ name: z.string() })),
  refAltitudeM: z.number(),
  refLatDeg: z.number(),
  daysPer100m: z.number(),
  daysPerDegree: z.number(),
  source: z.string(),
  builtIn: z.boolean(),
  version: z.number().int(),
  updateTime: z.string(),
});
export type CropCalendar = z.infer<typeof CropCalendar>;

/** Every crop of the customer with its calendar (null: none yet). */
export const CropCalendarEntry = z.object({
  cropId: z.number().int(),
  cropName: z.string(),
  cropKey: z.string(),
  calendar: CropCalendar.nullable(),
});
export type CropCalendarEntry = z.infer<typeof CropCalendarEntry>;
