import type { RiskStats } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import {
  areaChartOption,
  areaTableRows,
  draftProblems,
  formatKm2,
  leadsWithin,
  productLanguage,
  proposedName,
  thresholdText,
} from './risk-rules';

const stats: RiskStats = {
  areasKm2: [100, 10, 20, 30, 0],
  totalKm2: 160,
  byArea: [
    { code: 'b1:0', name: 'A', areasKm2: [50, 10, 0, 0, 0], worst: 1, dates: ['2026-11-25'] },
    { code: 'b1:1', name: 'B', areasKm2: [50, 0, 20, 30, 0], worst: 3, dates: ['2026-11-25'] },
    { code: 'b1:2', name: 'C', areasKm2: [5, 0, 0, 0, 0], worst: 0, dates: [] },
  ],
  layer: { id: 'b1', name: 'counties' },
  leads: [{ lead: 24, validTime: '2026-11-25T00:00:00Z' }],
};

describe('risk page rules', () => {
  it('rows per area, worst first, the total last', () => {
    const rows = areaTableRows(stats, 'Total');
    expect(rows.map((r) => r.name)).toEqual(['B', 'A', 'C', 'Total']);
    expect(rows[0]).toMatchObject({ levels: [0, 20, 30, 0], atRisk: 50, worst: 3 });
    expect(rows[3]).toMatchObject({ levels: [10, 20, 30, 0], atRisk: 60, worst: 3 });
  });

  it('the chart stacks the levels of the areas with risk in the warning colours', () => {
    const o = areaChartOption(areaTableRows(stats, 'Total'), ['IV', 'III', 'II', 'I'], ['b', 'y', 'o', 'r']);
    expect(o.yAxis.data).toEqual(['B', 'A']);
    expect(o.series.map((s) => [s.name, s.itemStyle.color, s.data])).toEqual([
      ['IV', 'b', [0, 10]],
      ['III', 'y', [20, 0]],
      ['II', 'o', [30, 0]],
      ['I', 'r', [0, 0]],
    ]);
  });

  it('editor problems come from the engine, by path', () => {
    const p = draftProblems([{ element: 'tmin24h', op: 'le', thresholds: [0, -2, -1, -6] }]);
    expect(p.get('conditions.0.thresholds.2')).toBe('notDescending');
    expect(draftProblems([{ element: '', op: 'ge', thresholds: [1, 2, 3, 4] }]).get('conditions.0.element')).toBe('elementMissing');
    expect(draftProblems([{ element: 'x', op: 'ge', thresholds: [1, 2, 3, 4] }]).size).toBe(0);
  });

  it('names, thresholds and leads', () => {
    expect(proposedName('霜冻', new Date(2026, 10, 24))).toBe('霜冻 2026-11-24');
    expect(thresholdText('le', -2)).toBe('≤ −2');
    expect(thresholdText('ge', 35)).toBe('≥ 35');
    expect(thresholdText('ge', null)).toBe('—');
    expect(formatKm2(1230.4)).toBe('1 230');
    expect(leadsWithin([0, 24, 48, 72], 24, 48)).toEqual([24, 48]);
  });
});

describe('productLanguage', () => {
  it("follows the interface's language until the user chooses one", () => {
    expect(productLanguage('es', null)).toBe('es');
    expect(productLanguage('en', null)).toBe('en');
    expect(productLanguage('zh', null)).toBe('zh');
    // A switch of the interface after a choice keeps the choice.
    expect(productLanguage('en', 'zh')).toBe('zh');
  });
  it('writes Chinese for a language the server does not write', () => {
    expect(productLanguage('fr', null)).toBe('zh');
  });
});
