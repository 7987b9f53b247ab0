/**
 * server/src/db/schema.ts (the Kysely `Database` type) against the migrated database, on the engine of
 * the run (SQLite, or PostgreSQL with DATABASE_URL): the same tables, and per table the same column
 * names. Types are gone at run time, so the expected list is read from schema.ts with the TypeScript
 * compiler API. A column that one engine alone has is tagged `@postgresOnly` or `@sqliteOnly` in
 * schema.ts. Drift is fixed in schema.ts (migrations never change once released).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sql } from 'kysely';
import { dialectOf } from '../src/db/database';
import { startServer, type TestServer } from './harness';

/** Tables the migrations make that the application reaches only through SQL of its own, never through the typed builder. */
const UNTYPED_TABLES = [
  /^kysely_migration(_lock)?$/, // Kysely's own bookkeeping
  /^customer_search(_(data|idx|content|docsize|config))?$/, // SQLite's FTS5 search index and its shadow tables (migration 046), read with raw SQL
];

type Engine = 'postgres' | 'sqlite';

/** Table name → column names, as the `Database` type of schema.ts declares them for `engine`. */
function typedTables(engine: Engine): Map<string, string[]> {
  const file = path.join(__dirname, '../src/db/schema.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, ts.TypeNode>();
  for (const statement of source.statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
    if (ts.isInterfaceDeclaration(statement)) aliases.set(statement.name.text, ts.factory.createTypeLiteralNode([...statement.members]));
  }
  const propertyNames = (type: ts.TypeNode, what: string): string[] => {
    if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
      const target = aliases.get(type.typeName.text);
      if (!target) throw new Error(`${what}: type ${type.typeName.text} is not declared in schema.ts`);
      return propertyNames(target, type.typeName.text);
    }
    if (ts.isTypeLiteralNode(type)) {
      const otherEngineOnly = engine === 'postgres' ? 'sqliteOnly' : 'postgresOnly';
      return type.members.flatMap((m) => {
        if (!ts.isPropertySignature(m) || !m.name || !(ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)))
          throw new Error(`${what}: a member this test cannot read`);
        return ts.getJSDocTags(m).some((tag) => tag.tagName.text === otherEngineOnly) ? [] : [m.name.text];
      });
    }
    throw new Error(`${what}: a type this test cannot read (${ts.SyntaxKind[type.kind]}); extend schema-drift.test.ts`);
  };
  const database = aliases.get('Database');
  if (!database || !ts.isTypeLiteralNode(database)) throw new Error('schema.ts declares no `Database` type literal');
  const tables = new Map<string, string[]>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)))
      throw new Error('Database: a member this test cannot read');
    tables.set(member.name.text, propertyNames(member.type, member.name.text).sort());
  }
  return tables;
}

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

/** Table name → column names of the migrated database (base tables of the connection's schema). */
async function databaseTables(): Promise<Map<string, string[]>> {
  const db = s.app.portal.db;
  const rows =
    dialectOf(db) === 'postgres'
      ? (
          await sql<{ table_name: string; column_name: string }>`SELECT c.table_name, c.column_name FROM information_schema.columns AS c
            JOIN information_schema.tables AS t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`.execute(db)
        ).rows
      : (
          await sql<{
            table_name: string;
            column_name: string;
          }>`SELECT m.name AS table_name, p.name AS column_name FROM sqlite_schema AS m, pragma_table_info(m.name) AS p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`.execute(db)
        ).rows;
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    if (UNTYPED_TABLES.some((re) => re.test(row.table_name))) continue;
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  }
  for (const columns of tables.values()) columns.sort();
  return tables;
}

test('schema.ts declares exactly the tables and columns of the migrated database', async () => {
  const expected = typedTables(dialectOf(s.app.portal.db));
  const actual = await databaseTables();
  expect(expected.size).toBeGreaterThan(40);
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [table, columns] of expected) expect({ table, columns: actual.get(table) }).toEqual({ table, columns });
});
