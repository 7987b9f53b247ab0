import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

/**
 * Duplicate customers (issue #31): `customers.name_key`, the name as duplicates are found by
 * (db/search-terms.ts `customerNameKey`: NFKC, no whitespace, ASCII lower case), indexed, so that
 * creating, importing and 查重 look a name up in one index probe. Not unique: the 公海 import may import
 * a duplicate as a new customer when the user chooses so, merged customers keep their names, and older
 * data may hold duplicates; concurrent creates are serialised instead (customer-uniqueness.ts).
 *
 * Kept by triggers from `customer_name`, whatever a writer sends for it (a copied row too), so no write
 * path can forget it: on SQLite through the application function `portal_name_key` (database.ts), as the
 * search index (migration 046); on PostgreSQL through the SQL function `portal_name_key` of the same
 * definition (a generated column would refuse inserts that copy whole rows).
 */
const SQLITE_TRIGGERS = [
  `CREATE TRIGGER customers_name_key_insert AFTER INSERT ON customers BEGIN
    UPDATE customers SET name_key = portal_name_key(new.customer_name) WHERE id = new.id;
  END`,
  `CREATE TRIGGER customers_name_key_update AFTER UPDATE OF customer_name, name_key ON customers BEGIN
    UPDATE customers SET name_key = portal_name_key(new.customer_name) WHERE id = new.id;
  END`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE customers ADD COLUMN name_key text NOT NULL DEFAULT ''`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`
      CREATE OR REPLACE FUNCTION portal_name_key(t text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT translate(regexp_replace(normalize(t, NFKC), '[ \\t\\n\\r\\f\\v]+', '', 'g'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
      $$`.execute(db);
    await sql`UPDATE customers SET name_key = portal_name_key(customer_name)`.execute(db);
    await sql`
      CREATE OR REPLACE FUNCTION portal_customers_name_key() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        NEW.name_key := portal_name_key(NEW.customer_name);
        RETURN NEW;
      END
      $$`.execute(db);
    await sql`CREATE TRIGGER customers_name_key BEFORE INSERT OR UPDATE OF customer_name, name_key ON customers FOR EACH ROW EXECUTE FUNCTION portal_customers_name_key()`.execute(
      db,
    );
  } else {
    await sql`UPDATE customers SET name_key = portal_name_key(customer_name)`.execute(db);
    for (const trigger of SQLITE_TRIGGERS) await sql.raw(trigger).execute(db);
  }
  await sql`CREATE INDEX customers_name_key ON customers (name_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS customers_name_key`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS customers_name_key ON customers`.execute(db);
    await sql`DROP FUNCTION IF EXISTS portal_customers_name_key()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS portal_name_key(text)`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS customers_name_key_insert`.execute(db);
    await sql`DROP TRIGGER IF EXISTS customers_name_key_update`.execute(db);
  }
  await sql`ALTER TABLE customers DROP COLUMN name_key`.execute(db);
}
