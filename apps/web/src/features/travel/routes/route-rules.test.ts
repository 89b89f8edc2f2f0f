import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveStop, routeBody, stopLegs, stopsOf, type DraftStop } from './route-rules';

const stop = (id: number, lon: number, lat: number): DraftStop => ({ type: 'spot', id, name: `s${id}`, lon, lat });

describe('route stops', () => {
  it('moves a stop as a drag does, keeping every stop once', () => {
    expect(moveStop(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveStop(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveStop(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 30 }), fc.nat(), fc.nat(), (list, a, b) => {
        const from = a % list.length;
        const to = b % list.length;
        const moved = moveStop(list, from, to);
        expect([...moved].sort()).toEqual([...list].sort());
        expect(moved[to]).toBe(list[from]);
      }),
    );
  });

  it('sums the legs; reversing a route keeps its length', () => {
    const stops = [stop(1, 108.964, 34.219), stop(2, 109.278, 34.384), stop(3, 110.087, 34.478)];
    const { legs, total } = stopLegs(stops);
    expect(legs[0]).toBe(0);
    expect(total).toBeCloseTo(legs[1]! + legs[2]!, 2);
    expect(stopLegs([...stops].reverse()).total).toBeCloseTo(total, 6);
    expect(routeBody({ name: ' 线路 ', days: 2, description: '', published: true }, stops).stops).toEqual([
      { type: 'spot', id: 1 },
      { type: 'spot', id: 2 },
      { type: 'spot', id: 3 },
    ]);
  });
});

describe('route editor stops', () => {
  it('takes a route’s stops in order without their legs, none for a new route', () => {
    expect(stopsOf(null)).toEqual([]);
    const route = {
      stops: [
        { type: 'spot', id: 3, name: 'a', lon: 108, lat: 34, legKm: 0 },
        { type: 'landscape', id: 1, name: 'b', lon: 109, lat: 35, legKm: 140 },
      ],
    } as Parameters<typeof stopsOf>[0];
    expect(stopsOf(route)).toEqual([
      { type: 'spot', id: 3, name: 'a', lon: 108, lat: 34 },
      { type: 'landscape', id: 1, name: 'b', lon: 109, lat: 35 },
    ]);
  });
});
