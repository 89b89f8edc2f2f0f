import type { Kysely, Migration } from 'kysely';

/**
 * Customer entitlements (docs/security.md#entitlements): the permission codes the platform granted each customer, the
 * bound of every role of that customer.
 *
 * An existing customer is entitled to exactly the codes its roles hold now, so nothing anyone can do changes with the
 * migration: no role loses a code, no user loses a page, and no customer's administrator can grant a module the
 * customer never used (granting every code would silently sell every module to every customer). Before, a customer's
 * administrator could grant only codes it held, all of them held by some role of the customer, so the same set bounds
 * what it could grant then. The platform's own customer has no rows: it is bounded by its administrators' codes.
 * Codes that act across customers (written out here, not taken from the contracts, so that later changes there do not
 * change what this migration did) are never a customer's entitlement; a role that holds one keeps it, and nobody but
 * the platform can grant it again.
 */
const PLATFORM_ONLY = ['admin', 'osm.customer.admin'];

export function entitlementsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('customer_entitlement')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
        .addColumn('permission_code', 'varchar(96)', (c) => c.notNull())
        .addPrimaryKeyConstraint('customer_entitlement_pk', ['customer_id', 'permission_code'])
        .execute();
      await db.schema.createIndex('customer_entitlement_code_idx').on('customer_entitlement').column('permission_code').execute();
      await db
        .insertInto('customer_entitlement')
        .columns(['customer_id', 'permission_code'])
        .expression(
          db
            .selectFrom('role_permission')
            .innerJoin('role', 'role.id', 'role_permission.role_id')
            .innerJoin('customer', 'customer.id', 'role.customer_id')
            .select(['role.customer_id', 'role_permission.permission_code'])
            .distinct()
            .where('customer.is_platform', '=', 0)
            .where('role_permission.permission_code', 'not in', PLATFORM_ONLY),
        )
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('customer_entitlement').execute();
    },
  };
}
