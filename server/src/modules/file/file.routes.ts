import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { actorOf, guarded, type ActorResolver } from '../../http/auth';
import { success } from '../../http/envelope';
import { badRequest, notFound } from '../../http/errors';
import { integer, requestInput, text, type Input } from '../../http/input';
import { apiPath } from '../../http/url';
import { discardUpload, multipartLimits, receiveUpload, sweepTempDir, tempDirOf } from './file-upload';
import { serveStoredFile } from './file-serving';
import { deleteOwnFile, listAlbum, listAttachments, listOwnFiles, MSG_FILE_NOT_FOUND, renameOwnFile, saveUpload, type UploadParams } from './file.service';

const CODE = /^[A-Za-z0-9_-]*$/;

function uploadParams(fields: Input): UploadParams {
  const code = text(fields, 'code', { label: '表单编码', max: 64 });
  if (!CODE.test(code)) throw badRequest('表单编码只能包含字母、数字、下划线或连字符');
  return {
    modelId: integer(fields, 'modelId', 0, { min: 0, message: '记录ID不正确' }),
    picType: text(fields, 'picType', { label: '附件类型', max: 30 }),
    code,
    userType: text(fields, 'userType', { label: '用户类型', max: 30 }),
    categoryId: integer(fields, 'categoryid', 0, { min: 0, message: '分类ID不正确' }),
  };
}

function pageOf(input: Input, fallbackRows: number): { page: number; rows: number } {
  return {
    page: integer(input, 'page', 1, { min: 1, max: 1_000_000, message: '页码必须是正整数' }),
    rows: integer(input, 'rows', fallbackRows, { min: 1, max: 200, message: '每页条数必须是1到200之间的整数' }),
  };
}

function fileId(input: Input): number {
  const id = integer(input, 'id', undefined, { min: 1, message: MSG_FILE_NOT_FOUND });
  if (id === undefined) throw badRequest('请选择文件');
  return id;
}

/**
 * Uploads (multipart, one file per request, checked before anything is kept), attachment lists,
 * the album, and `/files/<stored name>`.
 */
export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): Promise<void> {
  fs.mkdirSync(tempDirOf(ctx.config.uploadDir), { recursive: true });
  await sweepTempDir(ctx.config.uploadDir, Date.now());
  // preservePath: the raw client name reaches the checks, so a name with a path is refused rather than silently cut.
  await app.register(multipart, { limits: multipartLimits(ctx.config.uploadMaxBytes), throwFileSizeLimit: false, preservePath: true });

  /** Fields modelId, picType, code, userid, userType, categoryid; the uploader is always the logged-in user. */
  app.post(apiPath('/api/file/UploadFile'), { preHandler: guarded(resolve) }, async (request) => {
    const actor = actorOf(request);
    const received = await receiveUpload(request, ctx.config.uploadDir, ctx.config.uploadMaxBytes);
    let params: UploadParams;
    try {
      params = uploadParams(received.fields);
    } catch (err) {
      await discardUpload(received);
      throw err;
    }
    return success('上传成功', await saveUpload(ctx, actor, received, params));
  });

  /** {code, picType, modelId}: a form's or a record's attachments. */
  app.post(apiPath('/api/file/list'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const code = text(input, 'code', { label: '表单编码', max: 64 });
    const picType = text(input, 'picType', { label: '附件类型', max: 30 });
    const modelId = integer(input, 'modelId', 0, { min: 0, message: '记录ID不正确' });
    return listAttachments(ctx, actorOf(request), { code, picType, modelId, ...pageOf(input, 100) });
  });

  /** The user's own uploads. */
  app.post(apiPath('/api/file/index'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    return listOwnFiles(ctx, actorOf(request), { picType: text(input, 'picType', { label: '附件类型', max: 30 }), ...pageOf(input, 20) });
  });

  app.post(apiPath('/api/file/DeleteFile'), { preHandler: guarded(resolve) }, async (request) => {
    await deleteOwnFile(ctx, actorOf(request), fileId(requestInput(request)));
    return success('删除成功');
  });

  /** {id, filename}: renames the uploader's own file. */
  app.post(apiPath('/api/file/edit'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const raw = input.filename ?? input.FileName;
    if (raw !== undefined && typeof raw !== 'string') throw badRequest('文件名不合法');
    return success('保存成功', await renameOwnFile(ctx, actorOf(request), fileId(input), raw ?? ''));
  });

  app.post(apiPath('/api/album/index'), { preHandler: guarded(resolve) }, async (request) => {
    const { page, rows } = pageOf(requestInput(request), 20);
    return listAlbum(ctx, actorOf(request), page, rows);
  });

  app.post(apiPath('/api/album/delete'), { preHandler: guarded(resolve) }, async (request) => {
    await deleteOwnFile(ctx, actorOf(request), fileId(requestInput(request)), true);
    return success('删除成功');
  });

  app.get('/files/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const served = await serveStoredFile(ctx, name, request, reply, resolve);
    if (!served) throw notFound(MSG_FILE_NOT_FOUND);
    return reply;
  });
}
