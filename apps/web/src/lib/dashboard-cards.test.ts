import { describe, expect, it } from 'vitest';
import { visibleDashboardCards, type DashboardCardDef } from './dashboard-cards';

const card = (id: string, codes: string[], order: number): DashboardCardDef => ({
  id,
  codes,
  order,
  span: 1,
  load: () => Promise.resolve({ default: () => null }),
});

describe('visibleDashboardCards', () => {
  const cards = [
    card('logs', ['sys.log.view'], 30),
    card('jobs', [], 10),
    card('runs', ['revise.point.admin', 'revise.polygon.admin'], 20),
  ];

  it('shows cards without codes to everyone and the others to holders of any of their codes, in order', () => {
    expect(visibleDashboardCards(cards, []).map((c) => c.id)).toEqual(['jobs']);
    expect(visibleDashboardCards(cards, ['revise.polygon.admin']).map((c) => c.id)).toEqual(['jobs', 'runs']);
    expect(visibleDashboardCards(cards, ['sys.log.view', 'revise.point.admin']).map((c) => c.id)).toEqual(['jobs', 'runs', 'logs']);
  });

  it('shows every card to admin', () => {
    expect(visibleDashboardCards(cards, ['admin'])).toHaveLength(3);
  });

  it('refuses two cards with one id', () => {
    expect(() => visibleDashboardCards([...cards, card('jobs', [], 1)], ['admin'])).toThrow(/jobs/);
  });
});
