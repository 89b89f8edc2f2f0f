import type { RoleOption } from '@agromet/contracts';

export interface OfferedRoles {
  /** Roles the form offers: those the caller may grant, and those the user already has. */
  offered: RoleOption[];
  /** Roles left out, for the one line that says why. */
  withheld: RoleOption[];
  /** The codes that keep them out, each once, in order. */
  withheldCodes: string[];
}

/**
 * The user form never offers a role the caller cannot grant (the server marks each; docs/security.md#entitlements):
 * such a role is left out and named in one line with its codes, unless the user already holds it (keeping a role is
 * not a grant, and leaving it out would drop it on save).
 */
export function offeredRoles(options: readonly RoleOption[], kept: readonly number[]): OfferedRoles {
  const offered = options.filter((r) => r.grantable || kept.includes(r.id));
  const withheld = options.filter((r) => !r.grantable && !kept.includes(r.id));
  return { offered, withheld, withheldCodes: [...new Set(withheld.flatMap((r) => r.withheld))].sort() };
}
