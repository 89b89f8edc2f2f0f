import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { createdStamp } from '../../core/db/stamps.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { definitionOf } from './definition.js';
import { EXAMPLE_CRITERIA, SEED_CROPS } from './seed-data.js';

// A customer's zoning set-up: the seeded crops and example criteria (docs/zoning.md#criteria), made once.

/**
 * The first time a customer uses zoning, the seeded crops and the example criteria (tea, kiwifruit) are made for it,
 * once: deleted ones stay deleted. Concurrent first calls agree through the marker's primary key.
 */
export async function ensureZoningSetup(db: Db, customerId: number): Promise<void> {
  const done = await db.selectFrom('zoning_setup').select('customer_id').where('customer_id', '=', customerId).executeTakeFirst();
  if (done) return;
  try {
    await db.transaction().execute(async (tx) => {
      const now = nowIso();
      await tx.insertInto('zoning_setup').values({ customer_id: customerId, created_at: now }).execute();
      const cropIds = new Map<string, number>();
      for (const [k, crop] of SEED_CROPS.entries()) {
        const row = await tx
          .insertInto('zoning_crop')
          .values({ customer_id: customerId, seed_key: crop.key, name: crop.names.zh, sort: k + 1, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        cropIds.set(crop.key, row.id);
      }
      for (const example of EXAMPLE_CRITERIA) {
        await tx
          .insertInto('zoning_criterion')
          .values({
            customer_id: customerId,
            crop_id: cropIds.get(example.cropKey)!,
            name: example.name,
            description: example.description,
            method: example.criterion.method,
            definition: JSON.stringify(definitionOf(example.criterion)),
            class_names: JSON.stringify(['', '', '', '']),
            example: 1,
            ...createdStamp({ userId: null, name: '' }, now),
          })
          .execute();
      }
    });
  } catch (e) {
    // Another request made them meanwhile.
    if (!isUniqueViolation(e)) throw e;
  }
}
