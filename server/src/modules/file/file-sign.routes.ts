import { SignedUrlsReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { ActorResolver } from '../../http/auth';
import { success } from '../../http/envelope';
import { Fields } from '../../http/input-fields';
import { defineRoute, mountRoutes } from '../../http/route';
import { SIGN_MAX, signStoredUrls } from './file-sign';

const MSG_URLS = '文件地址列表格式不正确';

/** `api/file/SignUrls {urls}`: short-lived signed URLs for the stored file addresses a record holds (pictures, vouchers, covers). */
export function registerFileSignRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/file/SignUrls',
      summary: '文件地址换取短时签名地址（<img> 与下载链接使用）',
      description: `urls：JSON 数组，最多 ${SIGN_MAX} 个；看不到其所属记录的文件不签名。`,
      tag: 'file',
      access: 'login',
      record: 'attachment',
      input: Fields({
        urls: Type.Array(Type.String({ maxLength: 500 }), {
          title: '文件地址列表',
          maxItems: SIGN_MAX,
          'x-messages': { invalid: MSG_URLS, tooMany: `一次最多获取${SIGN_MAX}个文件地址` },
        }),
      }),
      reply: SignedUrlsReply,
      handler: async ({ input, actor }) => success('获取成功', await signStoredUrls(ctx, actor, input.urls)),
    }),
  ]);
}
