import { legKm, type RouteStopType } from '@agromet/contracts/web';
import type { Route, RouteCreate } from '@agromet/contracts';

/** A stop being edited: what it refers to, with the name and position the options gave. */
export interface DraftStop {
  type: RouteStopType;
  id: number;
  name: string;
  lon: number;
  lat: number;
}

export interface RouteFormValues {
  name: string;
  days?: number | null;
  description: string;
  published: boolean;
}

/** Colours the routes take on the map, in turn. */
export const ROUTE_COLOURS = ['#1c7ed6', '#ae3ec9', '#2f9e44', '#e8590c', '#0c8599', '#c2255c'];
export const routeColour = (id: number) => ROUTE_COLOURS[id % ROUTE_COLOURS.length]!;

/** The list with the item at `from` moved to `to` (a drag, or the up and down buttons); out-of-range moves change nothing. */
export function moveStop<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Each stop's leg from the one before (0 for the first) and the total, km, as the server computes them. */
export function stopLegs(stops: readonly DraftStop[]): { legs: number[]; total: number } {
  const legs = stops.map((s, k) => (k === 0 ? 0 : legKm([stops[k - 1]!.lon, stops[k - 1]!.lat], [s.lon, s.lat])));
  return { legs, total: Math.round(legs.reduce((a, b) => a + b, 0) * 100) / 100 };
}

export function routeFormValues(r: Route | null): RouteFormValues {
  if (!r) return { name: '', days: 1, description: '', published: false };
  return { name: r.name, days: r.days, description: r.description, published: r.published };
}

export function routeBody(v: RouteFormValues, stops: readonly DraftStop[]): RouteCreate {
  return {
    name: v.name.trim(),
    days: typeof v.days === 'number' ? v.days : 1,
    stops: stops.map((s) => ({ type: s.type, id: s.id })),
    description: v.description.trim(),
    published: v.published,
  };
}

/** The stops of a route as the editor arranges them (none for a new route); the legs are computed again as they move. */
export function stopsOf(r: Route | null): DraftStop[] {
  return r ? r.stops.map(({ type, id, name, lon, lat }) => ({ type, id, name, lon, lat })) : [];
}
