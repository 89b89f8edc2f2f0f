import type { RevisionRecord } from '@agromet/contracts';
import type { ProductSelection } from '../../../components/map/map-rules';
import { formatNumber } from '../common/format';

/**
 * A piece of a readable summary: an i18n key (namespace dataRevise) with its variables; `nested` variables are
 * themselves keys, translated first (the operation's verb).
 */
export interface SummaryPart {
  key: string;
  values?: Record<string, string | number>;
  nested?: Record<string, string>;
}

interface PointParam {
  lon: number;
  lat: number;
  value: number;
  radiusKm: number;
}

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function pointsOf(parameters: Record<string, unknown>): PointParam[] {
  const list = parameters.points;
  if (!Array.isArray(list)) return [];
  return list.filter((p): p is PointParam => {
    const x = p as Partial<PointParam> | null;
    return !!x && isNumber(x.lon) && isNumber(x.lat) && isNumber(x.value) && isNumber(x.radiusKm);
  });
}

/** How many separate areas a revision's `polygons` hold (a Polygon, a MultiPolygon, or a list of rings). */
export function areaCount(polygons: unknown): number {
  if (Array.isArray(polygons)) return polygons.length;
  const g = polygons as { type?: unknown; coordinates?: unknown } | null;
  if (g?.type === 'Polygon') return 1;
  if (g?.type === 'MultiPolygon' && Array.isArray(g.coordinates)) return g.coordinates.length;
  return 0;
}

const OPERATIONS = ['assign', 'add', 'subtract', 'multiply', 'divide'];
const CONSISTENCY_RULES = ['temperature', 'range', 'accumulation', 'weather'];
const EDGES = ['flat', 'ramp', 'taper'];
const unitSuffix = (unit: string) => (unit ? ` ${unit}` : '');

/** A readable summary of what a revision did, from its parameters. */
export function summariseRecord(rec: Pick<RevisionRecord, 'kind' | 'parameters' | 'unit' | 'recovers'>): SummaryPart[] {
  const p = rec.parameters ?? {};
  const parts: SummaryPart[] = [];
  if (rec.kind === 'recovery') {
    const id = isNumber(p.recovers) ? p.recovers : rec.recovers;
    return [id === null || id === undefined ? { key: 'record.summary.unknown' } : { key: 'record.summary.recovery', values: { id } }];
  }
  if (rec.kind === 'consistency') {
    const rules = Array.isArray(p.rules) ? p.rules.filter((r): r is string => CONSISTENCY_RULES.includes(r as never)) : [];
    return rules.length
      ? rules.map((rule) => ({ key: 'record.summary.consistency', nested: { rules: `record.consistencyRules.${rule}` } }))
      : [{ key: 'record.summary.unknown' }];
  }
  if (rec.kind === 'point') {
    const points = pointsOf(p);
    if (points.length === 1) {
      const [pt] = points as [PointParam];
      parts.push({
        key: 'record.summary.onePoint',
        values: {
          lon: formatNumber(pt.lon, 3),
          lat: formatNumber(pt.lat, 3),
          value: formatNumber(pt.value),
          unit: unitSuffix(rec.unit),
          radius: formatNumber(pt.radiusKm, 1),
        },
      });
    } else if (points.length > 1) {
      const values = points.map((x) => x.value);
      const radii = points.map((x) => x.radiusKm);
      parts.push({
        key: 'record.summary.points',
        values: {
          count: points.length,
          min: formatNumber(Math.min(...values)),
          max: formatNumber(Math.max(...values)),
          unit: unitSuffix(rec.unit),
          radiusMin: formatNumber(Math.min(...radii), 1),
          radiusMax: formatNumber(Math.max(...radii), 1),
        },
      });
    }
  } else if (rec.kind === 'polygon' && typeof p.operation === 'string' && OPERATIONS.includes(p.operation) && isNumber(p.value)) {
    const scales = p.operation === 'multiply' || p.operation === 'divide';
    parts.push({
      key: 'record.summary.polygon',
      values: { count: areaCount(p.polygons), value: formatNumber(p.value, 3), unit: scales ? '' : unitSuffix(rec.unit) },
      nested: { operation: `record.operations.${p.operation}` },
    });
    const edge = p.edge as { mode?: unknown; cells?: unknown } | undefined;
    if (edge && typeof edge.mode === 'string' && EDGES.includes(edge.mode)) {
      parts.push(
        edge.mode === 'ramp'
          ? { key: 'record.edges.ramp', values: { cells: isNumber(edge.cells) ? edge.cells : 3 } }
          : { key: `record.edges.${edge.mode}` },
      );
    }
    if (isNumber(p.smooth)) parts.push({ key: 'record.summary.smooth', values: { size: p.smooth } });
  }
  if (parts.length === 0) return [{ key: 'record.summary.unknown' }];
  if (Array.isArray(p.leads) && p.leads.length > 1) parts.push({ key: 'record.summary.leads', values: { count: p.leads.length } });
  return parts;
}

/** The state column: undone by a later recovery, a recovery of another record, or in effect. */
export function recordState(rec: Pick<RevisionRecord, 'kind' | 'recovered' | 'recoveredBy' | 'recovers'>): SummaryPart {
  if (rec.kind === 'recovery') return { key: 'record.state.recovery', values: { id: rec.recovers ?? '?' } };
  if (rec.recovered) return { key: 'record.state.recovered', values: { id: rec.recoveredBy ?? '?' } };
  return { key: 'record.state.active' };
}

/** Why a record cannot be recovered from the page (the server would refuse it), or null when it can. */
export function recoverDisabledReason(rec: Pick<RevisionRecord, 'kind' | 'recovered'>): string | null {
  if (rec.kind === 'recovery') return 'record.recoverDisabledRecovery';
  if (rec.recovered) return 'record.recoverDisabledRecovered';
  return null;
}

/** The map product showing a record's grid. */
export function selectionOfRecord(rec: Pick<RevisionRecord, 'type' | 'factor' | 'baseTime' | 'lead'>): ProductSelection {
  return { type: rec.type, factor: rec.factor, baseTime: rec.baseTime, lead: rec.lead };
}

/** Whether the map product shows this record's grid (base times compared as instants). */
export function showsGridOf(
  selection: ProductSelection | null,
  rec: Pick<RevisionRecord, 'type' | 'factor' | 'baseTime' | 'lead'>,
): boolean {
  if (!selection) return false;
  return (
    selection.type === rec.type &&
    selection.factor === rec.factor &&
    selection.lead === rec.lead &&
    Date.parse(selection.baseTime) === Date.parse(rec.baseTime)
  );
}
