import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AlbumPicture, FileRow } from '@portal/shared-contract';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import type { ListReply } from '../../http/envelope';
import { badRequest, notFound } from '../../http/errors';
import { formatShanghai } from '../../lib/time';
import type { Actor } from '../auth/session/actor';
import { fileVisibility, signedFileUrl } from './file-access';
import { isApprovalFile } from '../oa/workflow/approval-files';
import { isAcceptableName } from './file-types';
import { newStoredName, storeUpload, type ReceivedFile } from './file-upload';

export const MSG_FILE_NOT_FOUND = '文件不存在';
export const MSG_DELETE_OWN_ONLY = '只能删除自己上传的文件';
export const MSG_EDIT_OWN_ONLY = '只能修改自己上传的文件';
export const MSG_APPROVAL_FILE = '该文件是审批的附件，不能删除';

/** Where the upload belongs: the form being filled in (code), the saved record (modelId) and the kind of attachment (picType). */
export type UploadParams = { modelId: number; picType: string; code: string; userType: string; categoryId: number };

const sizeInKb = (bytes: number): number => Math.round((bytes / 1024) * 100) / 100;

const FILE_COLUMNS = ['f.id', 'f.url', 'f.stored_name', 'f.original_name', 'f.format', 'f.size_bytes', 'f.user_id', 'u.nick_name', 'f.created_at'] as const;

function fileRows(db: DbOrTx) {
  return db.selectFrom('files as f').leftJoin('users as u', 'u.id', 'f.user_id').select(FILE_COLUMNS);
}

type RawFileRow = Awaited<ReturnType<ReturnType<typeof fileRows>['executeTakeFirstOrThrow']>>;

function toReply(ctx: AppContext, actor: Actor, r: RawFileRow): FileRow {
  return {
    id: r.id,
    url: r.url,
    signedUrl: signedFileUrl(ctx, actor, r.stored_name),
    filename: r.original_name,
    FileName: r.original_name,
    format: r.format,
    size: sizeInKb(Number(r.size_bytes)),
    userid: r.user_id ?? 0,
    username: r.nick_name ?? '',
    addTime: formatShanghai(r.created_at),
  };
}

export async function saveUpload(ctx: AppContext, actor: Actor, received: ReceivedFile, params: UploadParams): Promise<FileRow> {
  const storedName = newStoredName(received.format);
  const id = await storeUpload(received, ctx.config.uploadDir, storedName, (moveIntoPlace) =>
    ctx.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('files')
        .values({
          stored_name: storedName,
          original_name: received.originalName,
          url: `/files/${storedName}`,
          format: received.format,
          mime: received.kind.mime,
          size_bytes: received.sizeBytes,
          is_image: received.kind.image ? 1 : 0,
          user_id: actor.userId,
          model_id: params.modelId,
          pic_type: params.picType,
          code: params.code,
          user_type: params.userType,
          category_id: params.categoryId,
          created_at: ctx.clock().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await moveIntoPlace();
      return row.id;
    }),
  );
  return toReply(ctx, actor, await fileRows(ctx.db).where('f.id', '=', id).executeTakeFirstOrThrow());
}

export type AttachmentQuery = { code: string; picType: string; modelId: number; page: number; rows: number };

/**
 * Attachments of a form being filled in (its code) or of a saved record (modelId), optionally of one
 * kind (picType), oldest first. Only the files the actor may see (file-access.ts: the record's own
 * check), so that walking codes or record ids reveals nothing: a record out of reach lists like one
 * without files.
 */
export async function listAttachments(ctx: AppContext, actor: Actor, q: AttachmentQuery): Promise<ListReply<FileRow>> {
  if (!q.code && q.modelId <= 0) throw badRequest('请提供附件所属的表单编码（code）或记录ID（modelId）');
  let base = ctx.db.selectFrom('files as f').where(await fileVisibility(ctx.db, actor));
  base = base.where((eb) => {
    const byCode = q.code ? [eb('f.code', '=', q.code)] : [];
    const byModel = q.modelId > 0 ? [eb('f.model_id', '=', q.modelId)] : [];
    return eb.or([...byCode, ...byModel]);
  });
  if (q.picType) base = base.where('f.pic_type', '=', q.picType);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('users as u', 'u.id', 'f.user_id')
      .select(FILE_COLUMNS)
      .orderBy('f.id')
      .limit(q.rows)
      .offset((q.page - 1) * q.rows)
      .execute(),
  ]);
  return { rows: rows.map((r) => toReply(ctx, actor, r)), total: Number(count.n) };
}

/** The user's own uploads, newest first (optionally of one picType). */
export async function listOwnFiles(ctx: AppContext, actor: Actor, q: { picType: string; page: number; rows: number }): Promise<ListReply<FileRow>> {
  let base = ctx.db.selectFrom('files as f').where('f.user_id', '=', actor.userId);
  if (q.picType) base = base.where('f.pic_type', '=', q.picType);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('users as u', 'u.id', 'f.user_id')
      .select(FILE_COLUMNS)
      .orderBy('f.id', 'desc')
      .limit(q.rows)
      .offset((q.page - 1) * q.rows)
      .execute(),
  ]);
  return { rows: rows.map((r) => toReply(ctx, actor, r)), total: Number(count.n) };
}

/** The album: the user's own images, newest first. */
export async function listAlbum(ctx: AppContext, actor: Actor, page: number, rows: number): Promise<ListReply<AlbumPicture>> {
  const base = ctx.db.selectFrom('files').where('user_id', '=', actor.userId).where('is_image', '=', 1);
  const [count, list] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'url', 'stored_name', 'user_id', 'size_bytes', 'original_name', 'format'])
      .orderBy('id', 'desc')
      .limit(rows)
      .offset((page - 1) * rows)
      .execute(),
  ]);
  return {
    rows: list.map((r) => ({
      id: r.id,
      url: r.url,
      signedUrl: signedFileUrl(ctx, actor, r.stored_name),
      userid: r.user_id ?? 0,
      size: sizeInKb(Number(r.size_bytes)),
      filename: r.original_name,
      format: r.format,
    })),
    total: Number(count.n),
  };
}

/**
 * Deletes a file its uploader owns: the row in a transaction, then the stored file (a file that
 * cannot be removed is logged, never resurrected). `imagesOnly` for the album.
 */
export async function deleteOwnFile(ctx: AppContext, actor: Actor, id: number, imagesOnly = false): Promise<void> {
  const storedName = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('files').select(['stored_name', 'user_id', 'is_image']).where('id', '=', id).executeTakeFirst();
    if (!row || (imagesOnly && row.is_image !== 1)) throw notFound(MSG_FILE_NOT_FOUND);
    if (await isApprovalFile(tx, id)) throw badRequest(MSG_APPROVAL_FILE);
    await tx.deleteFrom('files').where('id', '=', id).execute();
    return row.stored_name;
  });
  await fsp.rm(path.join(ctx.config.uploadDir, storedName), { force: true }).catch((err: unknown) => {
    ctx.log.warn({ err, storedName }, 'stored file could not be removed');
  });
}

/** Renames a file (its display name); the stored file and its extension stay, so the name keeps the extension. */
export async function renameOwnFile(ctx: AppContext, actor: Actor, id: number, name: string): Promise<FileRow> {
  if (name.trim() === '') throw badRequest('请输入文件名');
  if (!isAcceptableName(name)) throw badRequest('文件名不合法');
  await ctx.db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('files').select(['user_id', 'format']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(MSG_FILE_NOT_FOUND);
    const trimmed = name.trim();
    const withExt = trimmed.toLowerCase().endsWith(`.${row.format}`) ? trimmed : `${trimmed}.${row.format}`;
    if ([...withExt].length > 200) throw badRequest('文件名不合法');
    await tx.updateTable('files').set({ original_name: withExt }).where('id', '=', id).execute();
  });
  return toReply(ctx, actor, await fileRows(ctx.db).where('f.id', '=', id).executeTakeFirstOrThrow());
}

/** The row behind `/files/<stored name>`. */
export async function storedFile(db: DbOrTx, storedName: string) {
  return db.selectFrom('files').select(['original_name', 'mime', 'is_image', 'size_bytes']).where('stored_name', '=', storedName).executeTakeFirst();
}
