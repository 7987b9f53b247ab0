import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db, Dialect } from './db/database';
import type { Realtime } from './hub/realtime';
import type { Clock } from './lib/time';

/** What route handlers and services share: the database, the configuration and the clock. */
export type AppContext = {
  db: Db;
  dialect: Dialect;
  config: AppConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The realtime hub: pushes to users and tells who is online (issue 4). */
  realtime: Realtime;
};
