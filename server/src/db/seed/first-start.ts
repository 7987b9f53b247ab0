import type { AppConfig } from '../../config';
import type { Db } from '../database';
import { seedAdminOnly } from './accounts';
import { seedDemo } from './demo';

export const MSG_ADMIN_PASSWORD_REQUIRED =
  'SEED_DEMO=0 且数据库中还没有管理员：请用环境变量 ADMIN_PASSWORD 设置首个管理员（admin）的密码（至少6个字符）后再启动。';

/** Seeds an empty database: demo data (SEED_DEMO=1) or just the administrator (SEED_DEMO=0). */
/** `uploadDir`: where the demo's documents (进件资料) are written; without it the demo has none. */
export async function seedOnFirstStart(
  db: Db,
  config: Pick<AppConfig, 'seedDemo' | 'adminPassword'> & { uploadDir?: string },
  now: Date = new Date(),
): Promise<'demo' | 'admin' | 'none'> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return 'none';
  if (config.seedDemo) {
    await seedDemo(db, now, config.uploadDir);
    return 'demo';
  }
  if (!config.adminPassword || config.adminPassword.length < 6) throw new Error(MSG_ADMIN_PASSWORD_REQUIRED);
  await db.transaction().execute((tx) => seedAdminOnly(tx, config.adminPassword as string, now));
  return 'admin';
}
