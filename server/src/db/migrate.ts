import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as accounts from './migrations/001-accounts';
import * as crm from './migrations/002-crm';

/** Migrations are listed here (not read from disk) so they run the same from src/ (tsx, jest) and dist/. */
const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-crm': crm,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
