import { z } from 'zod';
import { parseStoredJson } from '../stored-json.js';

/**
 * A user's own settings as stored (app_user.setting): an object; `articlePlatform` names the publishing platforms the
 * user publishes to by id (kept as text; older rows hold numbers). Other keys are kept as they are.
 */
export const UserSetting = z.looseObject({
  articlePlatform: z.array(z.union([z.string(), z.number().int()]).transform(String)).optional(),
});
export type UserSetting = z.output<typeof UserSetting>;

/** A user's stored setting (empty text reads as no settings); a bad one is an error naming the user's row. */
export function storedUserSetting(text: string | null | undefined, userId: number): UserSetting {
  return parseStoredJson(UserSetting, text || '{}', { table: 'app_user', id: userId, column: 'setting' });
}
