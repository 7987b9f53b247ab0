import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { dialectOf, type Db } from './database';
import { seedReferenceData } from './seed/reference-data';
import * as accounts from './migrations/001-accounts';
import * as crm from './migrations/002-crm';
import * as realtimeNotifications from './migrations/003-realtime-notifications';
import * as formsFilesRegions from './migrations/004-forms-files-regions';
import * as productsContracts from './migrations/005-products-contracts';
import * as contactLookup from './migrations/007-contact-lookup';
import * as actionRights from './migrations/008-action-rights';
import * as throttleCounters from './migrations/009-throttle-counters';
import * as organisationDictionary from './migrations/010-organisation-dictionary';
import * as systemAdmin from './migrations/011-system-admin';
import * as printTemplates from './migrations/012-print-templates';
import * as customersComplete from './migrations/020-customers-complete';
import * as poolLevelsReminders from './migrations/021-pool-levels-reminders';
import * as poolImportRight from './migrations/022-pool-import-right';
import * as workflow from './migrations/030-workflow';
import * as approvalDecidedIndex from './migrations/031-approval-decided-index';
import * as fieldMasks from './migrations/032-field-masks';
import * as publicPools from './migrations/033-public-pools';
import * as customerBigramsPg from './migrations/035-customer-bigrams-pg';
import * as ownerListIndex from './migrations/038-owner-list-index';
import * as intakeRecords from './migrations/040-intake-records';
import * as approvalFiles from './migrations/041-approval-files';
import * as customerLogQuoted from './migrations/042-customer-log-quoted';
import * as customerListCover from './migrations/043-customer-list-cover';
import * as soonInPoolIndex from './migrations/044-soon-in-pool-index';
import * as poolCountPg from './migrations/045-pool-count-pg';
import * as customerListTokens from './migrations/046-customer-list-tokens';
import * as listedWindowsPg from './migrations/047-listed-windows-pg';
import * as expenseProjectAndDateOrder from './migrations/048-expense-project-and-date-order';
import * as intakeContractByCustomer from './migrations/049-intake-contract-by-customer';
import * as customerNameKey from './migrations/050-customer-name-key';

/** Migrations are listed here (not read from disk) so they run the same from src/ (tsx, jest) and dist/. */
const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-crm': crm,
  '003-realtime-notifications': realtimeNotifications,
  '004-forms-files-regions': formsFilesRegions,
  '005-products-contracts': productsContracts,
  '007-contact-lookup': contactLookup,
  '008-action-rights': actionRights,
  '009-throttle-counters': throttleCounters,
  '010-organisation-dictionary': organisationDictionary,
  '011-system-admin': systemAdmin,
  '012-print-templates': printTemplates,
  '020-customers-complete': customersComplete,
  '021-pool-levels-reminders': poolLevelsReminders,
  '022-pool-import-right': poolImportRight,
  '030-workflow': workflow,
  '031-approval-decided-index': approvalDecidedIndex,
  '032-field-masks': fieldMasks,
  '033-public-pools': publicPools,
  '035-customer-bigrams-pg': customerBigramsPg,
  '038-owner-list-index': ownerListIndex,
  '040-intake-records': intakeRecords,
  '041-approval-files': approvalFiles,
  '042-customer-log-quoted': customerLogQuoted,
  '043-customer-list-cover': customerListCover,
  '044-soon-in-pool-index': soonInPoolIndex,
  '045-pool-count-pg': poolCountPg,
  '046-customer-list-tokens': customerListTokens,
  '047-listed-windows-pg': listedWindowsPg,
  '048-expense-project-and-date-order': expenseProjectAndDateOrder,
  '049-intake-contract-by-customer': intakeContractByCustomer,
  '050-customer-name-key': customerNameKey,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // On PostgreSQL, Kysely looks for its migration table in every schema unless told which one: name
  // the current schema, so another schema's tables (other installations, test schemas) never count.
  const migrationTableSchema =
    dialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  // Unordered: 022–029 are kept for the customers area while 030+ (workflow) may already have run on
  // an existing database; a pending lower-numbered migration then runs instead of being refused.
  const migrator = new Migrator({ db, provider, migrationTableSchema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  // Reference data every installation needs (built-in forms, regions); idempotent.
  await seedReferenceData(db);
}
