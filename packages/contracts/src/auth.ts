import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './constants.js';

export const LoginBody = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Access-token lifetime in seconds. */
  expired: z.number().int(),
});
export type TokenPair = z.infer<typeof TokenPair>;

const refreshToken = z.string().min(1).max(200);
/**
 * The refresh token goes in the JSON body (what the console sends: bodies stay out of addresses and logs) or in the
 * query (`?refreshToken=`, kept for existing clients); one of the two is required (the body wins when both are given).
 */
export const RefreshBody = z.strictObject({ refreshToken }).nullish();
export const RefreshQuery = z.strictObject({ refreshToken: refreshToken.optional() });
/** `?token=` is still accepted here but ignored: only WMS images and file links take a token in the query. */
export const UserInfoQuery = z.strictObject({ token: z.string().max(4096).optional() });

/** The customer's branding, applied to the top bar, login page, browser title and map. */
export const Branding = z.object({
  sysName: z.string(),
  logo: z.string(),
  centerLat: z.number(),
  centerLon: z.number(),
  zoom: z.number().int(),
});
export type Branding = z.infer<typeof Branding>;

export const UserSetting = z.object({ articlePlatform: z.array(z.string()) });

export const UserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  email: z.string(),
  mobile: z.string(),
  /** Effective permission codes. */
  roles: z.array(z.string()),
  customer: z.string(),
  customerId: z.number().int(),
  setting: UserSetting,
  branding: Branding,
  /** The password is one an administrator set: the console asks for a new one before anything else. */
  mustChangePassword: z.boolean(),
  /**
   * The user's own customer. It differs from `customerId` while a platform administrator works in another customer's
   * context (`customer`, `customerId` and `branding` are then that customer's).
   */
  homeCustomerId: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const ChangePasswordBody = z
  .strictObject({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
    confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((b) => b.confirmPassword === b.newPassword, { path: ['confirmPassword'], message: 'must equal newPassword' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** Only a stored upload path (or empty) may be used as an avatar or logo. */
export const StoredImagePath = z
  .string()
  .max(300)
  .regex(/^(\/api\/files\/[A-Za-z0-9/_.-]+)?$/, 'must be a path returned by /api/file/upload');

export const SettingBody = z.strictObject({
  name: z.string().trim().min(1).max(64),
  avatar: StoredImagePath.optional(),
  email: z.union([z.literal(''), z.email().max(128)]).optional(),
  mobile: z
    .string()
    .trim()
    .max(32)
    .regex(/^[0-9+\-() ]*$/, 'phoneFormat')
    .optional(),
  introduction: z.string().max(500).optional(),
  /** Ids of the customer's service-product platforms the user publishes to (checked against the customer's list). */
  articlePlatform: z
    .array(z.string().regex(/^\d{1,9}$/))
    .max(20)
    .optional(),
});
export type SettingBody = z.infer<typeof SettingBody>;

/** The customer a platform administrator works for; the own customer (or null) ends working for another. */
export const CustomerContextBody = z.strictObject({ customerId: z.number().int().positive().nullable() });
export type CustomerContextBody = z.infer<typeof CustomerContextBody>;

export const UserIdParams = z.strictObject({ id: z.coerce.number().int().positive() });
