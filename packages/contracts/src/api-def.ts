import type { z } from 'zod';

/** Who may call an API route: anyone, any signed-in user, or holders of any listed code (admin passes all). */
export type ApiAccess =
  | { kind: 'public' }
  /** With `duringPasswordChange`, also while the caller must still replace an administrator-set password (4031 elsewhere). */
  | { kind: 'user'; duringPasswordChange?: true }
  /** With `platform`, only the platform (holdsPlatformScope) and not a customer's administrators, whatever codes they hold. */
  | { kind: 'codes'; codes: readonly string[]; platform?: true }
  /** The caller's own record (`:id`), or anyone's for holders of the codes. */
  | { kind: 'self-or-codes'; codes: readonly string[] };

export interface ApiDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify-style path under /api. */
  url: string;
  access: ApiAccess;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of `data` in the envelope. */
  data: z.ZodType;
  /** Multipart upload rather than JSON. */
  multipart?: boolean;
  /** Answers raw bytes (a download) instead of the envelope. */
  raw?: boolean;
}

export const PUBLIC = { kind: 'public' } as const;
export const USER = { kind: 'user' } as const;
/** What a session may still do while its password is one an administrator set: read who it is, change it, sign out. */
export const USER_DURING_PASSWORD_CHANGE = { kind: 'user', duringPasswordChange: true } as const;
export const codes = (...list: string[]) => ({ kind: 'codes', codes: list }) as const;
