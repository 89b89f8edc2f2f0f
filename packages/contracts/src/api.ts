import { z } from 'zod';
import {
  Branding, ChangePasswordBody, LoginBody, RefreshQuery, SettingBody, TokenPair, UserIdParams, UserInfo, UserInfoQuery,
} from './auth.js';

/** Who may call an API route: anyone, any signed-in user, or holders of any listed code (admin passes all). */
export type ApiAccess = { kind: 'public' } | { kind: 'user' } | { kind: 'codes'; codes: readonly string[] };

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
}

const PUBLIC = { kind: 'public' } as const;
const USER = { kind: 'user' } as const;

export const HealthData = z.object({ status: z.literal('ok'), db: z.string(), uptime: z.number() });

/** One table of every API route: the server registers and guards from it; tests generate matrices from it. */
export const API = {
  health: { method: 'GET', url: '/api/health', access: PUBLIC, summary: 'Liveness and database check', data: HealthData },
  branding: {
    method: 'GET', url: '/api/login/branding', access: PUBLIC,
    summary: 'Default branding for the login page (the platform customer)', data: Branding,
  },
  login: { method: 'POST', url: '/api/login/login', access: PUBLIC, summary: 'Sign in', body: LoginBody, data: TokenPair },
  logout: { method: 'POST', url: '/api/login/logout', access: USER, summary: 'Sign out (revokes the session)', data: z.null() },
  refresh: {
    method: 'POST', url: '/api/login/refresh', access: PUBLIC, summary: 'Rotate the refresh token',
    query: RefreshQuery, data: TokenPair,
  },
  userInfo: { method: 'GET', url: '/api/user/info', access: USER, summary: 'The signed-in user', query: UserInfoQuery, data: UserInfo },
  userRids: {
    method: 'GET', url: '/api/user/:id/rids', access: USER,
    summary: 'Role ids of a user (own, or any user of the customer with sys.user.admin)',
    params: UserIdParams, data: z.array(z.number().int()),
  },
  changePassword: {
    method: 'POST', url: '/api/user/changePassword', access: USER, summary: 'Change own password',
    body: ChangePasswordBody, data: z.null(),
  },
  setting: {
    method: 'POST', url: '/api/user/setting', access: USER, summary: 'Update own profile', body: SettingBody, data: UserInfo,
  },
  upload: {
    method: 'POST', url: '/api/file/upload', access: USER, summary: 'Upload an image (multipart field "file")',
    multipart: true, data: z.object({ path: z.string(), width: z.number(), height: z.number(), size: z.number() }),
  },
} as const satisfies Record<string, ApiDef>;

export type ApiName = keyof typeof API;
export type ApiData<N extends ApiName> = z.infer<(typeof API)[N]['data']>;
