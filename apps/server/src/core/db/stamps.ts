/**
 * The audit columns of a new row: who made it (the name cut to its column's 64 characters; no user id for a built-in
 * or demo row) and when.
 */
export const createdStamp = (auth: { userId: number | null; name: string }, now: string) => ({
  created_by: auth.userId,
  created_by_name: auth.name.slice(0, 64),
  created_at: now,
  updated_at: now,
});
