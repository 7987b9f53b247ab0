/**
 * Who may see a stored file. A file belongs to a record: you see it when you may see the record.
 * - customer attachments (picType `customer`, modelId = the customer): whoever may open the
 *   customer (api/customer/Views' check: a customer page right, and the public pool or the data scope);
 * - pictures uploaded as an avatar or the company logo (picType `avatar` / `logo`, images only): every
 *   logged-in user (they are shown beside names and in the top bar);
 * - files an approval refers to (its form snapshot, decision and comment attachments: 进件资料, 报销票据;
 *   linked in `wf_files` by oa/workflow/approval-files.ts): whoever may open that approval (its
 *   submitter, approvers and cc recipients, holders of 全部审批, superiors holding 下属审批), as
 *   approval.policy.ts's approvalRole decides for the approval itself;
 * - every other file (form attachments tied by `code`, album pictures, vouchers of record types that
 *   have no record-level check yet): its uploader and administrators (system `user` right).
 * The same rule filters the lists (in SQL, so totals and pages agree), signs URLs and serves files.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { actorOfRow, type Actor } from '../auth/session/actor';
import { loadBranchIndex, type BranchIndex } from '../system/branch/branch-index';
import { hasRight } from '../system/role/permission-tree';
import { visibleCustomerCondition } from '../crm/customer/customer-access';
import { memberPoolIds } from '../crm/pool/public-pools';
import { subordinateIds } from '../oa/workflow/workflow-store';
import { createFileUrlSigner, loadFileUrlSecret, type FileUrlSigner } from './file-url-signing';

/** Attachments of a customer: picType 'customer' and modelId = the customer id (customer.service's CUSTOMER_FILE_TYPE). */
const CUSTOMER_PIC_TYPE = 'customer';

/** Pictures everyone logged in may see: avatars and the company logo. */
export const PUBLIC_PICTURE_TYPES = ['avatar', 'logo'] as const;

export function isFileAdmin(actor: Pick<Actor, 'rights'>): boolean {
  return hasRight(actor.rights, 'system', 'user');
}

/** What the file rule needs beyond the actor, loaded once per check (fileVisibility). */
export type FileViewerScope = {
  branches: BranchIndex;
  /** The pools whose customers' files the actor may see (crm/pool/public-pools.ts `memberPoolIds`). */
  pools: readonly number[] | 'all';
  /** Whose approvals the actor may open as their superior (下属审批), or 'all' with 全部审批. */
  approvalSubmitters: readonly number[] | 'all';
};

export async function loadFileViewerScope(db: DbOrTx, actor: Actor): Promise<FileViewerScope> {
  const branches = await loadBranchIndex(db);
  const approvalSubmitters = hasRight(actor.rights, 'oa', 'approval/all')
    ? 'all'
    : hasRight(actor.rights, 'oa', 'approval/sub')
      ? await subordinateIds(db, actor.userId)
      : [];
  return { branches, pools: await memberPoolIds(db, actor, branches), approvalSubmitters };
}

/** The files referred to by an approval the actor may open (assertCanView's rule, in SQL). */
function approvalFileCondition(actor: Actor, submitters: FileViewerScope['approvalSubmitters']): Expression<SqlBool> {
  if (submitters === 'all') return sql<SqlBool>`f.id in (select wff.file_id from wf_files wff)`;
  const me = actor.userId;
  const asSuperior = submitters.length ? sql<SqlBool>`or i.submitter_id in (${sql.join(submitters)})` : sql<SqlBool>``;
  return sql<SqlBool>`f.id in (select wff.file_id from wf_files wff where wff.instance_id in (
    select i.id from wf_instances i where i.submitter_id = ${me} ${asSuperior}
    union select st.instance_id from wf_steps st where st.user_id = ${me}
    union select cc.instance_id from wf_cc cc where cc.user_id = ${me}))`;
}

/** The condition on `files as f` that keeps the files `actor` may see. */
export function visibleFileCondition(actor: Actor, scope: FileViewerScope): Expression<SqlBool> {
  const customerFile = sql<SqlBool>`(f.pic_type = ${CUSTOMER_PIC_TYPE} and f.model_id > 0)`;
  const customerVisible = sql<SqlBool>`f.model_id in (select c.id from customers c where ${visibleCustomerCondition(actor, scope.branches, scope.pools)})`;
  const ownOrAdmin = isFileAdmin(actor) ? sql<SqlBool>`1 = 1` : sql<SqlBool>`f.user_id = ${actor.userId}`;
  const publicPicture = sql<SqlBool>`(f.pic_type in (${sql.join(PUBLIC_PICTURE_TYPES)}) and f.is_image = 1)`;
  const byRecord = sql<SqlBool>`((${customerFile} and ${customerVisible}) or (not ${customerFile} and (${ownOrAdmin} or ${publicPicture})))`;
  return sql<SqlBool>`(${byRecord} or ${approvalFileCondition(actor, scope.approvalSubmitters)})`;
}

/** The file rule for `actor`, ready to filter `files as f`. */
export async function fileVisibility(db: DbOrTx, actor: Actor): Promise<Expression<SqlBool>> {
  return visibleFileCondition(actor, await loadFileViewerScope(db, actor));
}

/** Of `storedNames`, those `actor` may see. */
export async function visibleStoredNames(db: DbOrTx, actor: Actor, storedNames: string[]): Promise<Set<string>> {
  if (storedNames.length === 0) return new Set();
  const rows = await db
    .selectFrom('files as f')
    .select('f.stored_name')
    .where('f.stored_name', 'in', storedNames)
    .where(await fileVisibility(db, actor))
    .execute();
  return new Set(rows.map((r) => r.stored_name));
}

/** The actor a signed URL was issued to, as the file check needs it; undefined for a departed or unknown user. */
export async function actorForUser(ctx: AppContext, userId: number): Promise<Actor | undefined> {
  const row = await ctx.db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id as userId',
      'u.username',
      'u.nick_name',
      'u.header',
      'u.branch_id',
      'u.quit_status',
      'r.id as roleId',
      'r.name as roleName',
      'r.rights',
      'r.data_scope',
      'r.built_in',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.quit_status !== 0) return undefined;
  return actorOfRow(0, row);
}

const signers = new WeakMap<AppContext, FileUrlSigner>();

/** The app's signer (its key is read once per app). */
export function fileUrlSigner(ctx: AppContext): FileUrlSigner {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = createFileUrlSigner(loadFileUrlSecret(ctx.config), ctx.config.fileUrlTtlSeconds);
    signers.set(ctx, signer);
  }
  return signer;
}

export function signedFileUrl(ctx: AppContext, actor: Actor, storedName: string): string {
  return fileUrlSigner(ctx).sign(storedName, actor.userId, ctx.clock());
}
