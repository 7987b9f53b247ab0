import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { AppContext } from './app-context';
import type { AppConfig } from './config';
import { openDatabase, type QueryLog } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedOnFirstStart } from './db/seed/first-start';
import type { ActorResolver } from './http/auth';
import { registerApiDocs, registerApiDocsCollector } from './http/api-docs';
import { registerCompression } from './http/compression';
import { clientErrorResponse, registerErrorHandling } from './http/error-handler';
import { addInputKeywords, AJV_OPTIONS } from './http/input-validation';
import { lazyValidators } from './http/lazy-validators';
import { trackRoutes } from './http/route-registry';
import { registerStatic } from './http/static';
import { registerSecurityHeaders } from './http/security-headers';
import { offlineRealtime } from './hub/realtime';
import { attachHub } from './hub/attach-hub';
import { normaliseApiUrl } from './http/url';
import { systemClock, type Clock } from './lib/time';
import { registerSessionRoutes } from './modules/auth/session/session.routes';
import { resolveActor } from './modules/auth/session/session.service';
import { registerCustomerRoutes } from './modules/crm/customer/customer.routes';
import { registerCustomerAssignmentRoutes } from './modules/crm/customer/customer-assignment.routes';
import { registerCustomerBatchRoutes } from './modules/crm/customer/customer-batch.routes';
import { startRecycleWarnings } from './modules/crm/pool/recycle-warning';
import { startPoolRecycle } from './modules/crm/pool/pool-recycle';
import { startFollowupReminders } from './modules/crm/followup/followup-reminder';
import { setSettingsPoolRulesSource } from './modules/crm/pool/pool-rules';
import { poolRulesFromSettings } from './modules/crm/pool/pool-rules-settings';
import { registerCustomerActionRoutes } from './modules/crm/customer/customer-actions.routes';
import { registerPublicPoolRoutes } from './modules/crm/pool/public-pools.routes';
import { registerCustomerDetailRoutes } from './modules/crm/customer/customer-detail.routes';
import { registerContactRoutes } from './modules/crm/contact/contact.routes';
import { registerFollowupRoutes } from './modules/crm/followup/followup.routes';
import { registerLeadRoutes } from './modules/crm/lead/lead.routes';
import { registerVisitorRoutes } from './modules/crm/visitor/visitor.routes';
import { registerCustomerLookupRoutes } from './modules/crm/customer-lookup/customer-lookup.routes';
import { registerNotificationRoutes } from './modules/notification/notification.routes';
import { registerTaskRoutes } from './modules/oa/task/task.routes';
import { registerWorkflowRoutes } from './modules/oa/workflow/workflow.routes';
import { startTimeoutJob } from './modules/oa/workflow/step-timeouts';
import { registerExpenseRoutes } from './modules/oa/expense/expense.routes';
import { registerContractRoutes } from './modules/crm/contract/contract.routes';
import { registerIntakeRoutes } from './modules/crm/intake/intake.routes';
import { registerProductRoutes } from './modules/erp/product/product.routes';
import { registerWarehouseRoutes } from './modules/erp/warehouse/warehouse.routes';
import { registerUserGridRoutes } from './modules/system/user/user-grid.routes';
import { registerLeadSourceRoutes } from './modules/crm/lead-source/lead-source.routes';
import { registerDictionaryReadRoutes } from './modules/system/dictionary/dictionary-read.routes';
import { registerBranchRoutes } from './modules/system/branch/branch.routes';
import { registerLoginLogRoutes } from './modules/system/login-log/login-log.routes';
import { registerUserRoutes } from './modules/system/user/user.routes';
import { registerAccountLockRoutes } from './modules/system/user/account-lock.routes';
import { registerFileRoutes } from './modules/file/file.routes';
import { registerFileSignRoutes } from './modules/file/file-sign.routes';
import { registerFieldRoutes } from './modules/system/field/field.routes';
import { registerFormRoutes } from './modules/system/form/form.routes';
import { registerWorkFormRoutes } from './modules/system/form/workform.routes';
import { registerModuleRecordRoutes } from './modules/system/module-record/module-record.routes';
import { registerRegionRoutes } from './modules/system/region/region.routes';
import { registerRoleRoutes } from './modules/system/role/role.routes';
import { registerFieldMaskRoutes } from './modules/system/field-mask/field-mask.routes';
import { registerPrintTemplateRoutes } from './modules/system/print-template/print-template.routes';
import { registerSettingsRoutes } from './modules/system/settings/settings.routes';
import { registerUserAdminRoutes } from './modules/system/user/user-admin.routes';
import { registerUserImportRoutes } from './modules/system/user/user-import.routes';
import { registerReleaseRoutes } from './modules/system/release/release.routes';

export type AppOptions = {
  /** Injected clock (tests move time to check expiry and the login-failure window). */
  clock?: Clock;
  /** Fastify logger; defaults to pino at config.logLevel. */
  logger?: boolean;
  /** Every query's SQL and duration (benchmarks print the database's share of a request). */
  queryLog?: QueryLog;
};

declare module 'fastify' {
  // Module augmentation merges interfaces only.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The app's shared context (database, config, clock), for tests and scripts. */
    portal: AppContext;
  }
}

export type PortalApp = FastifyInstance;

/** The API version shown in the OpenAPI document. */
const API_VERSION = '0.1.0';

/**
 * Builds the whole server: opens and migrates the database, seeds it on first start, registers the
 * API, the static files and the error handling. The database closes with the app.
 */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<PortalApp> {
  const validators = lazyValidators();
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Fastify accepts a hop count too (see its trustProxy docs); its type declaration omits it.
    trustProxy: config.trustProxy as boolean | string,
    rewriteUrl: (req) => normaliseApiUrl(req.url ?? '/'),
    bodyLimit: 2 * 1024 * 1024,
    // Route input: see http/input-validation.ts (scalars coerced, defaults filled, unknown fields dropped).
    ajv: { customOptions: AJV_OPTIONS, plugins: [addInputKeywords] },
    // Each route's validator is compiled on its first request (http/lazy-validators.ts).
    schemaController: validators.schemaController,
    // Refusals of Node's HTTP parser (431 header or URL too large, malformed requests) in the envelope.
    clientErrorHandler: clientErrorResponse,
  });
  validators.decorate(app);
  // Before any route: every route is collected with its declaration, and the docs are built from them.
  trackRoutes(app);
  const handle = openDatabase(config, options.queryLog);
  app.addHook('onClose', async () => handle.close());
  try {
    await migrateToLatest(handle.db);
    await seedOnFirstStart(handle.db, config);
  } catch (err) {
    await handle.close();
    throw err;
  }

  // Pool rules come from 基础设置; POOL_RECYCLE_DAYS / POOL_WARN_DAYS are their defaults.
  setSettingsPoolRulesSource(poolRulesFromSettings({ noFollowupDays: config.poolRecycleDays, warningDays: config.poolWarnDays }));
  const ctx: AppContext = { db: handle.db, dialect: handle.dialect, config, clock: options.clock ?? systemClock, log: app.log, realtime: offlineRealtime };
  app.decorate('portal', ctx);
  app.decorateRequest('actor', null);

  await registerSecurityHeaders(app, config);
  await registerApiDocsCollector(app, API_VERSION);
  await app.register(formbody);
  await registerCompression(app);
  registerErrorHandling(app, config.shellDist);
  fs.mkdirSync(config.mfDir, { recursive: true });
  await registerStatic(app, { mfDir: config.mfDir, shellDist: config.shellDist });

  const resolve: ActorResolver = (token) => resolveActor(ctx, token);
  await registerApiDocs(app, resolve);
  // The realtime hub before the routes: services read ctx.realtime when they push (issue 4).
  ctx.realtime = await attachHub(app, ctx, resolve);
  registerSessionRoutes(app, ctx, resolve);
  registerUserRoutes(app, ctx, resolve);
  registerAccountLockRoutes(app, ctx, resolve);
  registerBranchRoutes(app, ctx, resolve);
  registerLoginLogRoutes(app, ctx, resolve);
  registerLeadSourceRoutes(app, ctx, resolve);
  registerDictionaryReadRoutes(app, ctx, resolve);
  registerCustomerRoutes(app, ctx, resolve);
  registerCustomerAssignmentRoutes(app, ctx, resolve);
  registerCustomerBatchRoutes(app, ctx, resolve);
  registerCustomerActionRoutes(app, ctx, resolve);
  registerPublicPoolRoutes(app, ctx, resolve);
  registerCustomerDetailRoutes(app, ctx, resolve);
  registerContactRoutes(app, ctx, resolve);
  registerFollowupRoutes(app, ctx, resolve);
  registerLeadRoutes(app, ctx, resolve);
  registerCustomerLookupRoutes(app, ctx, resolve);
  registerVisitorRoutes(app, ctx, resolve);
  registerNotificationRoutes(app, ctx, resolve);
  registerTaskRoutes(app, ctx, resolve);
  registerWorkflowRoutes(app, ctx, resolve);
  registerExpenseRoutes(app, ctx, resolve);
  registerUserGridRoutes(app, ctx, resolve);
  registerProductRoutes(app, ctx, resolve);
  registerWarehouseRoutes(app, ctx, resolve);
  registerContractRoutes(app, ctx, resolve);
  registerIntakeRoutes(app, ctx, resolve);
  registerFormRoutes(app, ctx, resolve);
  registerWorkFormRoutes(app, ctx, resolve);
  registerFieldRoutes(app, ctx, resolve);
  registerModuleRecordRoutes(app, ctx, resolve);
  registerRegionRoutes(app, ctx, resolve);
  registerRoleRoutes(app, ctx, resolve);
  registerFieldMaskRoutes(app, ctx, resolve);
  registerPrintTemplateRoutes(app, ctx, resolve);
  registerSettingsRoutes(app, ctx, resolve);
  registerUserAdminRoutes(app, ctx, resolve);
  registerUserImportRoutes(app, ctx, resolve);
  registerReleaseRoutes(app, ctx, resolve);
  await registerFileRoutes(app, ctx, resolve);
  registerFileSignRoutes(app, ctx, resolve);

  if (config.scheduledJobs) {
    // Public-pool recycle warnings: now, then daily; stopped when the app closes.
    await startRecycleWarnings(app, ctx);
    // Recycling itself: daily at 02:00 Shanghai time (runPoolRecycle).
    startPoolRecycle(app, ctx);
    // Next follow-up reminders: every minute, once per follow-up time; stopped when the app closes.
    startFollowupReminders(app, ctx);
    // Approval timeouts (remind / auto-approve / auto-reject): every minute; stopped when the app closes.
    startTimeoutJob(app, ctx);
  }

  await app.ready();
  return app;
}
