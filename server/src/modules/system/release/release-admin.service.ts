/**
 * 版本管理 and self-healing delivery (issue #13 §5), on top of the release code (`src/release/`): the
 * server reads the same registry and history files and calls the same functions as
 * `pnpm release|rollback`, so the command and the page cannot drift apart.
 */
import type { ReleaseRow, RemoteReleases } from '@portal/shared-contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../../app-context';
import { readJsonFile } from '../../../release/json-file';
import { readHistory, readRegistry, reportFailedBuild, rollbackRemote, type FailureOutcome } from '../../../release/delivery';
import type { Locations } from '../../../release/locations';
import { REMOTES, type RemoteArea, type RemoteDescriptor } from '../../../release/remotes';
import { packageOfSharedKey } from '../../../release/shared-compat';
import { badRequest } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import { isBad } from '../../../release/registry';
import type { Actor } from '../../auth/session/actor';
import { notify } from '../../notification/notify';
import { parseRights } from '../role/permission-tree';

export const AREA_NAMES: Readonly<Record<RemoteArea, string>> = { crm: '客户', oa: '办公审批', bi: '统计分析', system: '系统设置' };

/** The shared singletons shown per release (the rest of a manifest's shared list is noise on this page). */
const SHOWN_SHARED = ['react', 'react-dom', 'antd', 'react-router-dom', '@tanstack/react-query', '@portal/shared-core', '@portal/shared-ui'];

/** The longest error text kept from a report (log line, history note, notification). */
export const REPORT_ERROR_MAX = 300;

export function locationsOf(ctx: AppContext): Locations {
  return { repoRoot: ctx.config.repoRoot, dataDir: ctx.config.dataDir, mfDir: ctx.config.mfDir };
}

export const actorLabel = (actor: Actor): string => `${actor.nickName} (${actor.username})`;

export function remoteOf(area: RemoteArea): RemoteDescriptor {
  const remote = REMOTES.find((r) => r.area === area);
  if (!remote) throw new Error(`unknown remote ${area}`);
  return remote;
}

/** The reply's shapes are the contract's (版本管理 reads the same types). */
export type { ReleaseRow, RemoteReleases };

async function sharedVersions(mfDir: string, remote: RemoteDescriptor, folder: string): Promise<Record<string, string>> {
  try {
    const manifest = (await readJsonFile(path.join(mfDir, remote.packageDir, folder, 'mf-manifest.json'))) as
      { shared?: { name?: unknown; version?: unknown }[] } | undefined;
    const out: Record<string, string> = {};
    for (const s of manifest?.shared ?? []) {
      if (typeof s.name !== 'string' || typeof s.version !== 'string') continue;
      const name = packageOfSharedKey(s.name);
      if (SHOWN_SHARED.includes(name) && !out[name]) out[name] = s.version;
    }
    return out;
  } catch {
    return {};
  }
}

/** Every remote's releases from the history, with the registry's current, last-good and bad marks. */
export async function listReleases(ctx: AppContext): Promise<RemoteReleases[]> {
  const { mfDir } = locationsOf(ctx);
  const [registry, history] = await Promise.all([readRegistry(mfDir), readHistory(mfDir)]);
  const at = (iso: string) => formatShanghai(iso).slice(0, 19);
  return Promise.all(
    REMOTES.map(async (remote) => {
      const entry = registry.remotes[remote.area];
      const bad = entry?.bad ?? [];
      const events = history.events.filter((e) => e.area === remote.area);
      const firstRelease = new Map<string, (typeof events)[number]>();
      for (const e of events) if (e.action === 'release' && !firstRelease.has(e.folder)) firstRelease.set(e.folder, e);
      const releases = await Promise.all(
        [...firstRelease.values()].reverse().map(async (e) => ({
          folder: e.folder,
          version: e.version,
          releasedAt: at(e.at),
          releasedBy: e.by ?? '命令行',
          shared: await sharedVersions(mfDir, remote, e.folder),
          current: entry?.version === e.folder,
          lastGood: entry?.lastGood?.version === e.folder,
          bad: bad.includes(e.folder),
        })),
      );
      return {
        area: remote.area,
        title: AREA_NAMES[remote.area],
        packageName: remote.packageName,
        current: entry?.version ?? null,
        lastGood: entry?.lastGood?.version ?? null,
        bad,
        releases,
        log: events
          .slice(-20)
          .reverse()
          .map((e) => ({ action: e.action, folder: e.folder, at: at(e.at), by: e.by ?? '命令行', note: e.note ?? '' })),
      };
    }),
  );
}

/** 回滚 from 版本管理: what `pnpm rollback <remote> --to <folder>` does, recorded with who. */
/**
 * 回滚 from 版本管理. What an administrator can meet (the current release, one marked 故障, a folder
 * that is gone) is refused here in Chinese; the release code checks the same again under its lock.
 */
export async function rollbackFromPage(ctx: AppContext, actor: Actor, area: RemoteArea, folder: string) {
  const locations = locationsOf(ctx);
  const entry = (await readRegistry(locations.mfDir)).remotes[area];
  if (entry?.version === folder) throw badRequest(`版本“${folder}”已是当前版本`);
  if (isBad(entry, folder)) throw badRequest(`版本“${folder}”已标记为故障，不能回滚到该版本`);
  const manifest = path.join(locations.mfDir, remoteOf(area).packageDir, folder, 'mf-manifest.json');
  if (
    !(await fs.stat(manifest).then(
      () => true,
      () => false,
    ))
  )
    throw badRequest(`版本“${folder}”不存在`);
  const result = await rollbackRemote(locationsOf(ctx), remoteOf(area), { to: folder, by: actorLabel(actor), now: ctx.clock() });
  ctx.log.warn({ remote: area, folder, previousFolder: result.previousFolder, by: actorLabel(actor) }, 'release rollback from 版本管理');
  return result;
}

/** Users who should hear about delivery problems: employed holders of 版本管理 (超级管理员 always). */
export async function releaseAdministrators(ctx: Pick<AppContext, 'db'>): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'r.rights', 'r.built_in'])
    .where('u.quit_status', '=', 0)
    .execute();
  return rows.filter((r) => r.built_in === 1 || parseRights(r.rights).system.includes('release')).map((r) => r.id);
}

export type FailureReport = { area: RemoteArea; folder: string; error: string; fallback: string };

/**
 * A browser could not load a remote's build and fell back to the last good one: a log line, the
 * folder marked bad and users pointed back at the last good build (src/release), and a notification
 * to the administrators the first time a build is marked.
 */
export async function handleFailureReport(ctx: AppContext, actor: Actor, report: FailureReport): Promise<FailureOutcome> {
  const error = [...report.error].slice(0, REPORT_ERROR_MAX).join('');
  ctx.log.warn(
    { remote: report.area, folder: report.folder, fallback: report.fallback, error, userId: actor.userId },
    'remote build failed to load in a browser',
  );
  const outcome = await reportFailedBuild(locationsOf(ctx), remoteOf(report.area), report.folder, { now: ctx.clock(), by: actorLabel(actor), note: error });
  if (outcome.status === 'marked') {
    const back = outcome.rolledBack ? `，已自动回滚到 ${outcome.rolledBack.folder}` : '';
    const cont = `「${AREA_NAMES[report.area]}」模块版本 ${report.folder} 在 ${actor.nickName} 的浏览器中加载失败，已标记为故障版本${back}。错误：${error || '未知错误'}`;
    await notify(ctx, { userIds: await releaseAdministrators(ctx), cont, kind: 'system' });
  } else {
    ctx.log.info({ remote: report.area, folder: report.folder, reason: outcome.reason }, 'remote failure report ignored');
  }
  return outcome;
}
