import type { FastifyError, FastifyInstance } from 'fastify';
import { failure } from './envelope';
import { HttpError } from './errors';
import { isSpaPath, sendShellIndex } from './static';

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: '请求格式不正确',
  404: '接口不存在',
  405: '请求方法不正确',
  413: '请求内容过大',
  415: '不支持的请求格式',
};

/** Every error becomes the envelope with its status; stack traces never leave the server. */
export function registerErrorHandling(app: FastifyInstance, shellDist: string): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(failure(error.message));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: 'code' in error ? error.code : undefined }, error.message);
      return reply.status(status).send(failure(CLIENT_ERROR_MESSAGES[status] ?? '请求不正确'));
    }
    request.log.error(error);
    return reply.status(500).send(failure('服务器内部错误，请稍后再试'));
  });

  app.setNotFoundHandler((request, reply) => {
    const accept = String(request.headers.accept ?? '');
    if ((request.method === 'GET' || request.method === 'HEAD') && isSpaPath(request.url) && accept.includes('text/html')) {
      if (sendShellIndex(request, reply, shellDist)) return reply;
      return reply.status(404).type('text/plain; charset=utf-8').send('门户前端尚未构建：请先运行 npm run build（shell/dist 不存在）');
    }
    const msg = /^\/mf(\/|$)/i.test(request.url) ? '文件不存在' : '接口不存在';
    return reply.status(404).send(failure(msg));
  });
}
