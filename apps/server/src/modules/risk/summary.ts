import type { HazardKind } from '@agromet/contracts';
import { translate, type Lang } from '../../core/messages.js';

// The generated text of a risk product (docs/risk.md#runs): one sentence per area, in the product's language.

/** Whole km² with thousands grouped by spaces, as "1 230" (the same in zh, en and es). */
export function formatKm2(km2: number): string {
  const whole = String(Math.round(km2));
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** The valid time's date in Beijing time (UTC+8), YYYY-MM-DD. */
export function beijingDate(validTime: string | number): string {
  const t = typeof validTime === 'number' ? validTime : Date.parse(validTime);
  return new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
}

export interface SummaryContext {
  kind: HazardKind;
  /** The hazard's name, used for custom hazards. */
  hazardName: string;
  /** The exposed crop's name in the product's language (empty: no exposure). */
  cropName: string;
  lang: Lang;
}

/** What a hazard is called in a sentence: its kind's word, or a custom hazard's own name. */
function hazardWord(ctx: SummaryContext): string {
  return ctx.kind === 'custom' ? ctx.hazardName : translate(ctx.lang, `risk.kind.${ctx.kind}`);
}

function cropWord(ctx: SummaryContext): string {
  if (!ctx.cropName) return '';
  if (ctx.lang === 'zh') return ctx.cropName;
  const lower = ctx.cropName.charAt(0).toLowerCase() + ctx.cropName.slice(1);
  return ctx.lang === 'en' ? ` for ${lower}` : ` para ${lower}`;
}

/**
 * "榆林市：2026-11-24 苹果霜冻橙色风险，面积 1 230 km²" / "Yulin: orange frost risk for apple on 2026-11-24 over
 * 1 230 km²" / "Yulin: riesgo naranja de helada para manzano el 2026-11-24 en 1 230 km²": the area's worst level (1–4),
 * the dates on which it occurs and its area. Level 0: the sentence saying there is no risk on the dates evaluated.
 */
export function summarySentence(ctx: SummaryContext, area: { name: string; worst: number; dates: readonly string[]; km2: number }): string {
  const dates = area.dates.join(translate(ctx.lang, 'risk.dateJoin'));
  const params = { area: area.name, dates, crop: cropWord(ctx), hazard: hazardWord(ctx) };
  if (area.worst < 1 || area.worst > 4) return translate(ctx.lang, 'risk.summaryNone', params);
  return translate(ctx.lang, 'risk.summary', {
    ...params,
    color: translate(ctx.lang, `risk.color${area.worst}` as 'risk.color1'),
    km2: formatKm2(area.km2),
  });
}

/**
 * "全区：2026-11-28、2026-11-29 茶树无霜冻敏感发育期" / "Whole region: no frost-sensitive stage of tea on …" / "…: ningún
 * estadio de té sensible a helada el …": the hazard met none of the stages it harms anywhere in the region.
 */
export function noStageSentence(ctx: SummaryContext, area: string, dates: readonly string[]): string {
  const lower = ctx.cropName.charAt(0).toLowerCase() + ctx.cropName.slice(1);
  return translate(ctx.lang, 'risk.summaryNoStage', {
    area,
    dates: dates.join(translate(ctx.lang, 'risk.dateJoin')),
    crop: ctx.cropName,
    cropPlain: ctx.lang === 'zh' ? ctx.cropName : lower,
    hazard: hazardWord(ctx),
  });
}
