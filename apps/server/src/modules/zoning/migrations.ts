import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { idColumn, withId, type Dialect, type IdColumn, type PrimaryKey } from '../../core/db/dialect.js';

/**
 * Agro-climatic zoning (docs/zoning.md#storage): crops, criteria, base-factor grids (the file in storage, the row
 * names it, its version and fit), station normals, and zoning products (class grids in storage, statistics here).
 * Rows go with their customer.
 */
export function zoningMigration(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const pk = withId(dialect);
  return {
    async up(db: Kysely<any>) {
      await cropTables(db, id, pk);
      await gridAndProductTables(db, id, pk);
    },
    async down(db: Kysely<any>) {
      for (const t of [
        'zoning_product',
        'zoning_station_normal',
        'zoning_base_factor',
        'zoning_criterion',
        'zoning_crop',
        'zoning_setup',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}

const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customer.id').onDelete('cascade');

/** The setup marker, crops and their criteria. */
async function cropTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey): Promise<void> {
  // Marks a customer whose seeded crops were made (deleted ones stay deleted).
  await db.schema
    .createTable('zoning_setup')
    .addColumn('customer_id', 'integer', customer)
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zoning_setup_uq').on('zoning_setup').column('customer_id').unique().execute();

  await db.schema
    .createTable('zoning_crop')
    .addColumn('id', id, pk)
    .addColumn('customer_id', 'integer', customer)
    // The seeded crop's key (winter-wheat, tea …); null for the customer's own.
    .addColumn('seed_key', 'varchar(32)')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zoning_crop_name_uq').on('zoning_crop').columns(['customer_id', 'name']).unique().execute();

  await db.schema
    .createTable('zoning_criterion')
    .addColumn('id', id, pk)
    .addColumn('customer_id', 'integer', customer)
    .addColumn('crop_id', 'integer', (c) => c.notNull().references('zoning_crop.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    // JSON: { factors, classScores?, cutPoints? }
    .addColumn('definition', 'text', (c) => c.notNull())
    // JSON: four names ('' = the default in the reader's language)
    .addColumn('class_names', 'text', (c) => c.notNull())
    .addColumn('example', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('zoning_criterion_name_uq')
    .on('zoning_criterion')
    .columns(['customer_id', 'crop_id', 'name'])
    .unique()
    .execute();
}

/** Base-factor grids, station normals and zoning products. */
async function gridAndProductTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey): Promise<void> {
  await db.schema
    .createTable('zoning_base_factor')
    .addColumn('id', id, pk)
    .addColumn('customer_id', 'integer', customer)
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('lon0', 'double precision', (c) => c.notNull())
    .addColumn('lat0', 'double precision', (c) => c.notNull())
    .addColumn('dx', 'double precision', (c) => c.notNull())
    .addColumn('dy', 'double precision', (c) => c.notNull())
    .addColumn('nx', 'integer', (c) => c.notNull())
    .addColumn('ny', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('grid_min', 'double precision')
    .addColumn('grid_max', 'double precision')
    // JSON BaseFactorFit for grids made from station normals
    .addColumn('fit', 'text')
    .addColumn('updated_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zoning_base_factor_uq').on('zoning_base_factor').columns(['customer_id', 'code']).unique().execute();

  await db.schema
    .createTable('zoning_station_normal')
    .addColumn('id', id, pk)
    .addColumn('customer_id', 'integer', customer)
    .addColumn('station_id', 'integer', (c) => c.notNull().references('station.id').onDelete('cascade'))
    .addColumn('factor', 'varchar(32)', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zoning_station_normal_uq').on('zoning_station_normal').columns(['station_id', 'factor']).unique().execute();
  await db.schema.createIndex('zoning_station_normal_idx').on('zoning_station_normal').columns(['customer_id', 'factor']).execute();

  await db.schema
    .createTable('zoning_product')
    .addColumn('id', id, pk)
    .addColumn('customer_id', 'integer', customer)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('crop_id', 'integer', (c) => c.notNull().references('zoning_crop.id'))
    .addColumn('crop_name', 'varchar(64)', (c) => c.notNull())
    // The criterion that made it (deleting a criterion with products is refused).
    .addColumn('criterion_id', 'integer', (c) => c.references('zoning_criterion.id'))
    .addColumn('criterion_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    // JSON: the criterion's definition as run, and its class names
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('class_names', 'text', (c) => c.notNull())
    .addColumn('region_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('region_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    // JSON: { areaCode?, polygon?, statsLayer? } as asked
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
    // The product's grid (a window of the base-factor grid); set when done
    .addColumn('lon0', 'double precision')
    .addColumn('lat0', 'double precision')
    .addColumn('dx', 'double precision')
    .addColumn('dy', 'double precision')
    .addColumn('nx', 'integer')
    .addColumn('ny', 'integer')
    // Folder of the product's files in storage: classes.u8, factors.u8, limiting.u8, values.f32
    .addColumn('storage_prefix', 'varchar(300)')
    // JSON ZoningStats and inputs [{factor, gridVersion}]
    .addColumn('stats', 'text')
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zoning_product_crop_idx').on('zoning_product').columns(['customer_id', 'crop_id', 'id']).execute();
}

// ---- 0039: vetoes in the seeded example criteria -------------------------------------------------

type Rule = { factor: string; breaks: number[]; classes: number[]; weight?: number; veto?: { lower?: number; upper?: number } };
type Definition = { factors: Rule[]; classScores?: number[]; cutPoints?: number[] };

/** The seeded examples as 0005 stored them (JSON of the definition, the description) and as they are with vetoes. */
const EXAMPLES: ReadonlyArray<{
  name: string;
  old: Definition;
  vetoes: Record<string, { lower: number }>;
  oldDescription: string;
  description: string;
}> = [
  {
    name: '茶树气候适宜性区划（示例）',
    old: {
      factors: [
        { factor: 'textmin', breaks: [-14.7, -9.2, -7.8], classes: [3, 2, 1, 0] },
        { factor: 'springFrost', breaks: [20, 27, 43], classes: [0, 1, 2, 3] },
        { factor: 'tmean', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0] },
        { factor: 'precip', breaks: [650, 810, 1010], classes: [3, 2, 1, 0] },
        { factor: 'rhMarSep', breaks: [67, 73, 76], classes: [3, 2, 1, 0] },
      ],
    },
    vetoes: { textmin: { lower: -14.7 }, precip: { lower: 650 } },
    oldDescription:
      '示例指标：Tang 等（2021，应用气象学报）全国茶树气候区划指标，原表照录，限制因子法（最差等级决定区划等级）。年极端最低气温平均值、春霜冻发生频率、年平均气温、年降水量、3—9月平均相对湿度。',
    description:
      '示例指标：Tang 等（2021，应用气象学报）全国茶树气候区划指标，原表照录，限制因子法（最差等级决定区划等级）。年极端最低气温平均值、春霜冻发生频率、年平均气温、年降水量、3—9月平均相对湿度。否决条件：年极端最低气温平均值 ≤ −14.7 ℃ 或年降水量 ≤ 650 mm 为不适宜。',
  },
  {
    name: '猕猴桃气候适宜性区划（示例）',
    old: {
      factors: [
        { factor: 'tmean', breaks: [10, 13, 17, 18], classes: [3, 1, 0, 1, 3], weight: 0.3 },
        { factor: 'textmin', breaks: [-19], classes: [3, 0], weight: 0.2 },
        { factor: 'acc10', breaks: [3500, 4500, 5200, 6000], classes: [3, 1, 0, 1, 3], weight: 0.2 },
        { factor: 'precip', breaks: [800, 1000, 1500], classes: [3, 1, 0, 1], weight: 0.2 },
        { factor: 'sunshine', breaks: [1100], classes: [3, 0], weight: 0.1 },
      ],
      classScores: [4, 3, 2, 1],
      cutPoints: [3.6, 3, 2.2],
    },
    vetoes: { textmin: { lower: -19 } },
    oldDescription:
      '示例指标（综述文献）：年平均气温 10—18 ℃（最适 13—17 ℃），年极端最低气温平均值高于 −19 ℃，≥10 ℃积温 3500—6000 ℃·d（最适 4500—5200），年降水量 ≥800 mm（最适 1000—1500），年日照 ≥1100 h；加权综合法，权重与分级临界值为示例，请按本地情况修改。',
    description:
      '示例指标（综述文献）：年平均气温 10—18 ℃（最适 13—17 ℃），年极端最低气温平均值高于 −19 ℃，≥10 ℃积温 3500—6000 ℃·d（最适 4500—5200），年降水量 ≥800 mm（最适 1000—1500），年日照 ≥1100 h；加权综合法，权重与分级临界值为示例，请按本地情况修改。否决条件：年极端最低气温平均值 ≤ −19 ℃ 为不适宜（不因其他因子得分高而改变）；年降水量 800 mm 为雨养条件，有灌溉的果园可不受此限，故未设为否决条件。',
  },
];

const withVetoes = (d: Definition, vetoes: Record<string, { lower: number }>): Definition => ({
  ...d,
  factors: d.factors.map((f) => (vetoes[f.factor] ? { ...f, veto: vetoes[f.factor] } : f)),
});

/** The same definition whatever the order of its keys (JSON written by other code may order them otherwise). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * Criteria are stored as JSON, and a rule without `veto` has none, so every stored criterion and product keeps working
 * unchanged. The seeded examples (tea, kiwifruit) get the vetoes of the literature (docs/zoning.md#vetoes) where the
 * customer has not edited them: a row marked `example` whose definition is still the seeded one gets the vetoes (and
 * its description, if also unchanged, the sentence naming them), with its version raised so that an editor open on
 * the old one is told it changed. Edited examples and products (which keep the definition they ran with) are left.
 */
export function zoningVetoesMigration(): Migration {
  const rewrite = async (
    db: Kysely<any>,
    from: (e: (typeof EXAMPLES)[number]) => [Definition, string],
    to: (e: (typeof EXAMPLES)[number]) => [Definition, string],
  ) => {
    const rows = (await db
      .selectFrom('zoning_criterion')
      .select(['id', 'name', 'definition', 'description'])
      .where('example', '=', 1)
      .execute()) as { id: number; name: string; definition: string; description: string }[];
    const now = new Date().toISOString();
    for (const row of rows) {
      let stored: unknown;
      try {
        stored = JSON.parse(row.definition);
      } catch {
        continue;
      }
      const example = EXAMPLES.find((e) => canonical(stored) === canonical(from(e)[0]));
      if (!example) continue;
      const [definition, description] = to(example);
      await db
        .updateTable('zoning_criterion')
        .set((eb) => ({
          definition: JSON.stringify(definition),
          ...(row.description === from(example)[1] ? { description } : {}),
          version: eb('version', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', row.id)
        .execute();
    }
  };
  return {
    async up(db: Kysely<any>) {
      await rewrite(
        db,
        (e) => [e.old, e.oldDescription],
        (e) => [withVetoes(e.old, e.vetoes), e.description],
      );
    },
    async down(db: Kysely<any>) {
      await rewrite(
        db,
        (e) => [withVetoes(e.old, e.vetoes), e.description],
        (e) => [e.old, e.oldDescription],
      );
    },
  };
}
