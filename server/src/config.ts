import path from 'node:path';
import { parseOrigins } from './http/cors-origins';
import { loadHubConfig, type HubConfig } from './hub/hub-config';

/** Everything the server reads from its environment, resolved once at start. */
export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise the SQLite file `<dataDir>/portal.db`. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests give every file its own); default: the server's search_path. */
  databaseSchema?: string;
  /** SQLite file; defaults to `<dataDir>/portal.db`. */
  sqliteFile: string;
  /** SQLite `synchronous` (SQLITE_SYNCHRONOUS): FULL (default: a commit survives a power cut) or NORMAL (faster; the last commits may be lost on power loss). */
  sqliteSynchronous: 'FULL' | 'NORMAL';
  mfDir: string;
  /** The repository the server runs from: the release code reads the shell's shared ranges there (rollbacks from 版本管理). */
  repoRoot: string;
  shellDist: string;
  seedDemo: boolean;
  adminPassword?: string;
  sessionTtlHours: number;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false (default: the socket's address is
   * the client), true (any), a hop count, or a comma-separated list of proxy addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /** The timed jobs (pool recycling and its warnings, follow-up reminders, approval timeouts); tests that compare table counts turn them off. */
  scheduledJobs: boolean;
  /** Redis for the realtime backplane when several server processes run side by side. */
  redisUrl?: string;
  /** Path of the realtime hub (SignalR JSON protocol). */
  hubPath: string;
  /** Realtime hub tuning (env HUB_REDIS_PREFIX, HUB_PRESENCE_TTL_MS, HUB_KEEPALIVE_MS, ...; see hub/hub-config.ts). */
  hub: HubConfig;
  /** Folder for uploaded files; defaults to `<dataDir>/uploads`. */
  uploadDir: string;
  /** Largest accepted upload, in bytes. */
  uploadMaxBytes: number;
  /** Key of the signed file URLs (FILE_URL_SECRET); default: a random key kept in `<dataDir>/secrets/file-url.key`. */
  fileUrlSecret?: string;
  /** Lifetime of a signed file URL (FILE_URL_TTL_MINUTES, default 30). */
  fileUrlTtlSeconds: number;
  /** Other origins allowed to call the API/hub from a browser with credentials (CORS_ORIGINS); the portal's own origin always is. */
  corsOrigins: string[];
  /** Sources added to the Content-Security-Policy (CSP_EXTRA_SOURCES, space-separated): remotes on a CDN, for instance. */
  cspExtraSources: string[];
  /** Public pool: an owned customer returns to the pool after this many days without follow-up (since its last follow-up or assignment). */
  poolRecycleDays: number;
  /** Owners are warned (once a day) about customers that return to the pool within this many days. */
  poolWarnDays: number;
};

const repoRoot = path.resolve(__dirname, '..', '..');

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

export function sqliteSynchronousOf(value: string | undefined): 'FULL' | 'NORMAL' {
  const v = (value ?? '').trim().toUpperCase();
  if (v === '' || v === 'FULL') return 'FULL';
  if (v === 'NORMAL') return 'NORMAL';
  throw new Error(`SQLITE_SYNCHRONOUS must be FULL or NORMAL, got "${value}"`);
}

/** TRUST_PROXY: `true`/`false`, a number of proxy hops, or proxy addresses/CIDRs (`127.0.0.1,10.0.0.0/8`). */
export function trustProxyOf(value: string | undefined): boolean | number | string {
  const v = value?.trim() ?? '';
  if (v === '' || ['0', 'false', 'no', 'off'].includes(v.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(v.toLowerCase())) return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, 'data'));
  return {
    port: positiveNumber('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    sqliteFile: path.join(dataDir, 'portal.db'),
    sqliteSynchronous: sqliteSynchronousOf(env.SQLITE_SYNCHRONOUS),
    mfDir: path.resolve(env.MF_DIR || path.join(dataDir, 'mf')),
    repoRoot,
    shellDist: path.resolve(env.SHELL_DIST || path.join(repoRoot, 'shell', 'dist')),
    seedDemo: flag(env.SEED_DEMO, true),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionTtlHours: positiveNumber('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 12),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    scheduledJobs: true,
    redisUrl: env.REDIS_URL || undefined,
    hubPath: env.HUB_PATH || '/hub',
    hub: loadHubConfig(env),
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    uploadMaxBytes: Math.round(positiveNumber('UPLOAD_MAX_MB', env.UPLOAD_MAX_MB, 20) * 1024 * 1024),
    fileUrlSecret: env.FILE_URL_SECRET || undefined,
    corsOrigins: parseOrigins(env.CORS_ORIGINS),
    cspExtraSources: (env.CSP_EXTRA_SOURCES ?? '').split(/\s+/).filter(Boolean),
    fileUrlTtlSeconds: Math.round(positiveNumber('FILE_URL_TTL_MINUTES', env.FILE_URL_TTL_MINUTES, 30) * 60),
    poolRecycleDays: Math.ceil(positiveNumber('POOL_RECYCLE_DAYS', env.POOL_RECYCLE_DAYS, 30)),
    poolWarnDays: Math.ceil(positiveNumber('POOL_WARN_DAYS', env.POOL_WARN_DAYS, 3)),
  };
}
