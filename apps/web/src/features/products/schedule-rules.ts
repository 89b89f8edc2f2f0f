import type { ForecastTypeInfo, ProductSchedule, ProductScheduleSave, ProductTemplate } from '@agromet/contracts';
import { initialForecast, scheduleForecastBody, type ForecastForm } from './product-rules';

// Rules of the schedule tab (docs/products.md): what a new schedule starts with, the draft of a stored one, and the
// request a draft or a switch makes. Pure, tested beside it.

/** A schedule being edited in the dialog. */
export interface ScheduleDraft {
  id?: number;
  version?: number;
  name: string;
  enabled: boolean;
  templateId?: number;
  forecast: ForecastForm;
  trigger: ProductSchedule['trigger'];
  time?: string;
  /** The boundary layer the area is chosen from (before an area is). */
  layerId?: string;
}

/** A new schedule: enabled, the first template, the form's usual forecast, made on every new run (08:00 if daily). */
export function newScheduleDraft(catalog: readonly ForecastTypeInfo[], templates: readonly Pick<ProductTemplate, 'id'>[]): ScheduleDraft {
  return {
    name: '',
    enabled: true,
    templateId: templates[0]?.id,
    forecast: initialForecast(catalog),
    trigger: 'new-run',
    time: '08:00',
  };
}

/** The draft of a stored schedule; its area's boundary layer is the one its area code names. */
export function scheduleDraftOf(s: ProductSchedule): ScheduleDraft {
  return {
    id: s.id,
    version: s.version,
    name: s.name,
    enabled: s.enabled,
    templateId: s.templateId,
    forecast: { ...s.forecast },
    trigger: s.trigger,
    time: s.time ?? undefined,
    layerId: s.forecast.areaCode?.split(':')[0],
  };
}

/** A stored schedule switched on or off, everything else as stored. */
export function toggledSchedule(s: ProductSchedule, enabled: boolean): ProductScheduleSave {
  return {
    id: s.id,
    version: s.version,
    name: s.name,
    enabled,
    templateId: s.templateId,
    forecast: s.forecast,
    trigger: s.trigger,
    ...(s.time ? { time: s.time } : {}),
  };
}

/**
 * The request a draft makes (the time only for a daily trigger; id and version only for a stored one); null while the
 * name, the template or the forecast is missing, which is when the dialog's save is disabled.
 */
export function scheduleSaveBody(draft: ScheduleDraft): ProductScheduleSave | null {
  const forecast = scheduleForecastBody(draft.forecast);
  if (!draft.name.trim() || !forecast || draft.templateId === undefined) return null;
  return {
    ...(draft.id !== undefined ? { id: draft.id, version: draft.version } : {}),
    name: draft.name,
    enabled: draft.enabled,
    templateId: draft.templateId,
    forecast,
    trigger: draft.trigger,
    ...(draft.trigger === 'daily' && draft.time ? { time: draft.time } : {}),
  };
}

/** Hour and minute of an HH:MM time, for the time picker. */
export function clockParts(time: string): { hour: number; minute: number } {
  return { hour: Number(time.slice(0, 2)), minute: Number(time.slice(3)) };
}
