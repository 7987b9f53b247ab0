/** jest globalTeardown of the server tests: drops the seeded template of `seeded-template.ts`. */
import fs from 'node:fs';
import { adminQuery } from './seeded-template';

export default async function dropSeededTemplate(): Promise<void> {
  const templateDb = process.env.PORTAL_TEST_PG_TEMPLATE;
  const databaseUrl = process.env.DATABASE_URL;
  if (templateDb && databaseUrl) await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
  const dir = process.env.PORTAL_TEST_TEMPLATE_DIR;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
