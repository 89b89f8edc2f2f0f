import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import type { FileStorage } from '../../core/storage.js';

/** What the articles service and its publishing part work with. */
export interface ArticleDeps {
  db: Db;
  storage: FileStorage;
}

/** Who acts: a signed-in user, or the demo seeding. */
export type Actor = Pick<AuthContext, 'userId' | 'name' | 'customerId'>;
