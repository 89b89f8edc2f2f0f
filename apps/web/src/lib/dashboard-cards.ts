import { hasRouteAccess } from '@agromet/contracts';
import type { ComponentType } from 'react';

/**
 * A card a feature puts on the dashboard (docs/console.md#dashboard-cards). A feature declares its cards in its own
 * `dashboard.ts`, which only names them and how to load them, so the dashboard's chunk stays small; the list of every
 * feature's cards is `app/dashboard-cards.ts`. Features add cards there without touching the dashboard page.
 */
export interface DashboardCardDef {
  /** Unique; also the card's element id (`dashboard-card-<id>`). */
  id: string;
  /** Permission codes of which any shows the card (admin sees all); empty: every signed-in user. */
  codes: readonly string[];
  /** Cards are laid out by ascending order. */
  order: number;
  /** Columns the card takes on a wide screen (of two). */
  span: 1 | 2;
  load: () => Promise<{ default: ComponentType }>;
}

/** The cards a user with these codes sees, in order; two cards with one id is a programming error. */
export function visibleDashboardCards(cards: readonly DashboardCardDef[], roles: readonly string[]): DashboardCardDef[] {
  const ids = new Set<string>();
  for (const card of cards) {
    if (ids.has(card.id)) throw new Error(`two dashboard cards are named ${card.id}`);
    ids.add(card.id);
  }
  return cards
    .filter((card) => hasRouteAccess(roles, { roles: [...card.codes] }))
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}
