import fs from 'node:fs';
import multipart from '@fastify/multipart';
import { AlbumListReply, Done, FileDetailReply, FileListReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import { readSettings } from '../system/settings/settings.service';
import type { AppContext } from '../../app-context';
import type { ActorResolver } from '../../http/auth';
import { success } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { Fields, Id, Integer, MAX_ID, OptionalText, Paging, RequiredText, Text } from '../../http/input-fields';
import { checkInput } from '../../http/input-validation';
import { defineRoute, mountRoutes } from '../../http/route';
import { discardUpload, MSG_BAD_NAME, multipartLimits, receiveUpload, sweepTempDir, tempDirOf } from './file-upload';
import { serveStoredFile } from './file-serving';
import { deleteOwnFile, listAlbum, listAttachments, listOwnFiles, MSG_FILE_NOT_FOUND, renameOwnFile, saveUpload, type UploadParams } from './file.service';
import { fileDelete, fileEdit } from './file.policy';

const MSG_CODE = '表单编码只能包含字母、数字、下划线或连字符';
const FormCode = Text('表单编码', 64, { pattern: '^[A-Za-z0-9_-]*$', messages: { invalid: MSG_CODE } });
const PicType = Text('附件类型', 30);
const ModelId = Integer('所属记录', { min: 0, max: MAX_ID, fallback: 0 }, { messages: { invalid: '记录ID不正确' } });
const FileId = Fields({ id: Id('文件', { messages: { invalid: MSG_FILE_NOT_FOUND } }) });

/** Fields of an upload besides the file; the uploader is always the logged-in user (a `userid` field is ignored). */
const UploadFields = Fields({
  modelId: ModelId,
  picType: PicType,
  code: FormCode,
  userType: Text('用户类型', 30),
  categoryid: Integer('分类', { min: 0, max: MAX_ID, fallback: 0 }, { messages: { invalid: '分类ID不正确' } }),
});

/**
 * Uploads (multipart, one file per request, checked before anything is kept), attachment lists,
 * the album, and `/files/<stored name>`.
 */
export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): Promise<void> {
  fs.mkdirSync(tempDirOf(ctx.config.uploadDir), { recursive: true });
  await sweepTempDir(ctx.config.uploadDir, Date.now());
  // preservePath: the raw client name reaches the checks, so a name with a path is refused rather than silently cut.
  await app.register(multipart, { limits: multipartLimits(ctx.config.uploadMaxBytes), throwFileSizeLimit: false, preservePath: true });

  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/file/UploadFile',
      summary: '上传一个附件或图片（multipart；先检查，通过后才保存）',
      tag: 'file',
      access: 'login',
      record: 'self',
      input: Fields({}),
      uploadFields: UploadFields,
      reply: FileDetailReply,
      handler: async ({ request, actor }) => {
        // 基础设置 › 上传设置 lowers the configured limit (UPLOAD_MAX_MB), never raises it.
        const { uploadMaxMb } = await readSettings(ctx.db, { uploadMaxMb: ctx.config.uploadMaxBytes / 1048576 });
        const received = await receiveUpload(request, ctx.config.uploadDir, Math.min(ctx.config.uploadMaxBytes, uploadMaxMb * 1024 * 1024));
        let params: UploadParams;
        try {
          const fields = checkInput(UploadFields, received.fields);
          params = { modelId: fields.modelId, picType: fields.picType, code: fields.code, userType: fields.userType, categoryId: fields.categoryid };
        } catch (err) {
          await discardUpload(received);
          throw err;
        }
        return success('上传成功', await saveUpload(ctx, actor, received, params));
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/file/list',
      summary: '一个表单或一条记录的附件（code、picType、modelId）',
      tag: 'file',
      access: 'login',
      record: 'attachment',
      input: Fields({ code: FormCode, picType: PicType, modelId: ModelId, ...Paging(100) }),
      reply: FileListReply,
      handler: async ({ input, actor }) => listAttachments(ctx, actor, input),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/file/index',
      summary: '自己上传的文件',
      tag: 'file',
      access: 'login',
      record: 'self',
      input: Fields({ picType: PicType, ...Paging(20) }),
      reply: FileListReply,
      handler: async ({ input, actor }) => listOwnFiles(ctx, actor, input),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/file/DeleteFile',
      summary: '删除自己上传的文件',
      tag: 'file',
      access: 'login',
      record: fileDelete('id'),
      input: FileId,
      reply: Done,
      handler: async ({ input, actor }) => {
        await deleteOwnFile(ctx, actor, input.id);
        return success('删除成功');
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/file/edit',
      summary: '重命名自己上传的文件（filename 或 FileName）',
      tag: 'file',
      access: 'login',
      record: fileEdit('id'),
      input: Fields({
        ...FileId.properties,
        filename: Text('文件名', 255, { messages: { invalid: MSG_BAD_NAME, tooLong: MSG_BAD_NAME } }),
        FileName: Text('文件名', 255, { messages: { invalid: MSG_BAD_NAME, tooLong: MSG_BAD_NAME } }),
      }),
      reply: FileDetailReply,
      handler: async ({ input, actor }) => success('保存成功', await renameOwnFile(ctx, actor, input.id, input.filename || input.FileName)),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/album/index',
      summary: '相册：自己上传的图片',
      tag: 'file',
      access: 'login',
      record: 'self',
      input: Fields({ ...Paging(20) }),
      reply: AlbumListReply,
      handler: async ({ input, actor }) => listAlbum(ctx, actor, input.page, input.rows),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/album/delete',
      summary: '相册：删除自己上传的图片',
      tag: 'file',
      access: 'login',
      record: fileDelete('id'),
      input: FileId,
      reply: Done,
      handler: async ({ input, actor }) => {
        await deleteOwnFile(ctx, actor, input.id, true);
        return success('删除成功');
      },
    }),

    defineRoute({
      method: 'GET',
      url: '/files/:name',
      summary: '上传文件的内容（按存储名）',
      description:
        '需要登录：authkey 请求头，或列表与上传接口返回的短时签名地址（?exp&u&sig，供 <img> 与下载链接使用，file-url-signing.ts）；' +
        '没有登录回答401，签名无效或过期回答403，看不到其所属记录或不存在回答404。',
      tag: 'file',
      // The login is checked by the handler: a signed URL stands in for the header (<img> sends none).
      access: 'public',
      record: 'attachment',
      input: Fields({
        name: RequiredText('文件名', 100, { messages: { missing: MSG_FILE_NOT_FOUND, invalid: MSG_FILE_NOT_FOUND, tooLong: MSG_FILE_NOT_FOUND } }),
        exp: OptionalText('有效期', 12),
        u: OptionalText('用户', 12),
        sig: OptionalText('签名', 128),
      }),
      handler: async ({ input, request, reply }) => {
        const served = await serveStoredFile(ctx, input.name, request, reply, resolve);
        if (!served) throw notFound(MSG_FILE_NOT_FOUND);
        return reply;
      },
    }),
  ]);
}
