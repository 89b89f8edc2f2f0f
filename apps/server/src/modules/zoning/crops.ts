import type { Crop, CropCreate, CropUpdate } from '@agromet/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import type { Lang } from '../../core/messages.js';
import { isUniqueViolation, staleOrMissing, updateOwnVersioned } from '../../core/versioned.js';
import { SEED_CROPS } from './seed-data.js';
import { ensureZoningSetup } from './setup.js';

// A customer's crops (docs/zoning.md#criteria): the seeded ones named in the reader's language while unrenamed, their
// criteria counted. Every query is limited to the caller's customer: another customer's crop answers like a missing one.

type CropCreateInput = z.output<typeof CropCreate>;
type CropUpdateInput = z.output<typeof CropUpdate>;

interface CropRow {
  id: number;
  seed_key: string | null;
  name: string;
  remark: string;
  version: number;
  created_at: string;
  criteria_count: number | string;
}

function cropView(row: CropRow, lang: Lang): Crop {
  const seed = row.seed_key ? SEED_CROPS.find((c) => c.key === row.seed_key) : undefined;
  // A seeded crop keeps its translations while its name is the seeded one; a renamed one shows its own name.
  const name = seed && row.name === seed.names.zh ? seed.names[lang] : row.name;
  return {
    id: row.id,
    name,
    nameZh: seed?.names.zh ?? '',
    nameEn: seed?.names.en ?? '',
    nameEs: seed?.names.es ?? '',
    remark: row.remark,
    builtIn: seed !== undefined,
    criteriaCount: Number(row.criteria_count),
    version: row.version,
    createTime: row.created_at,
  };
}

function cropQuery(db: Db, customerId: number) {
  return db
    .selectFrom('zoning_crop')
    .select((eb) => [
      'zoning_crop.id',
      'zoning_crop.seed_key',
      'zoning_crop.name',
      'zoning_crop.remark',
      'zoning_crop.version',
      'zoning_crop.created_at',
      eb
        .selectFrom('zoning_criterion')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('zoning_criterion.crop_id', '=', 'zoning_crop.id')
        .as('criteria_count'),
    ])
    .where('zoning_crop.customer_id', '=', customerId);
}

export async function listCrops(db: Db, auth: AuthContext, lang: Lang): Promise<Crop[]> {
  await ensureZoningSetup(db, auth.customerId);
  const rows = await cropQuery(db, auth.customerId).orderBy('zoning_crop.sort').orderBy('zoning_crop.id').execute();
  return rows.map((r) => cropView(r as CropRow, lang));
}

async function cropById(db: Db, customerId: number, id: number, lang: Lang): Promise<Crop> {
  const row = await cropQuery(db, customerId).where('zoning_crop.id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound();
  return cropView(row as CropRow, lang);
}

const cropNameTaken = (name: string) => errors.conflict('duplicate', { field: 'name', value: name }, { field: 'name' });

export async function createCrop(db: Db, auth: AuthContext, input: CropCreateInput, lang: Lang): Promise<Crop> {
  await ensureZoningSetup(db, auth.customerId);
  const now = nowIso();
  try {
    const row = await db
      .insertInto('zoning_crop')
      .values({
        customer_id: auth.customerId,
        seed_key: null,
        name: input.name,
        remark: input.remark,
        sort: 1000,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return await cropById(db, auth.customerId, row.id, lang);
  } catch (e) {
    if (isUniqueViolation(e)) throw cropNameTaken(input.name);
    throw e;
  }
}

export async function updateCrop(db: Db, auth: AuthContext, input: CropUpdateInput, lang: Lang): Promise<Crop> {
  try {
    const changed = await updateOwnVersioned(db, 'zoning_crop', auth.customerId, input, { name: input.name, remark: input.remark });
    if (!changed) await staleOrMissing(db, 'zoning_crop', auth.customerId, input.id);
  } catch (e) {
    if (isUniqueViolation(e)) throw cropNameTaken(input.name);
    throw e;
  }
  return cropById(db, auth.customerId, input.id, lang);
}

/** A crop with criteria is refused (4009 with their count); products keep their crop's name. */
export async function deleteCrop(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const crop = await tx
      .selectFrom('zoning_crop')
      .select('id')
      .where('id', '=', id)
      .where('customer_id', '=', auth.customerId)
      .executeTakeFirst();
    if (!crop) throw errors.notFound();
    const { n } = await tx
      .selectFrom('zoning_criterion')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('crop_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw errors.conflict('zoning.cropHasCriteria', { count: Number(n) }, { field: 'id', criteria: Number(n) });
    const { p } = await tx
      .selectFrom('zoning_product')
      .select((eb) => eb.fn.countAll<number>().as('p'))
      .where('crop_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(p) > 0) throw errors.conflict('zoning.cropHasProducts', { count: Number(p) }, { field: 'id', products: Number(p) });
    await tx.deleteFrom('zoning_crop').where('id', '=', id).execute();
  });
}
