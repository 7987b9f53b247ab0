import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { actorOf, guarded, type ActorResolver } from '../../http/auth';
import { success } from '../../http/envelope';
import { requestInput } from '../../http/input';
import { apiPath } from '../../http/url';
import { parseUrlList, signStoredUrls } from './file-sign';

/** `api/file/SignUrls {urls}`: short-lived signed URLs for the stored file addresses a record holds (pictures, vouchers, covers). */
export function registerFileSignRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.post(apiPath('/api/file/SignUrls'), { preHandler: guarded(resolve) }, async (request) => {
    const urls = parseUrlList(requestInput(request).urls);
    return success('获取成功', await signStoredUrls(ctx, actorOf(request), urls));
  });
}
