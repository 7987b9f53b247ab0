import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { failure } from './envelope';
import { HttpError } from './errors';
import { describeInputErrors } from './input-validation';
import { isSpaPath, sendShellIndex } from './static';

/** Framework-level refusals (Fastify, its parsers, Node's HTTP parser), in the envelope's words. */
export const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: '请求格式不正确',
  404: '接口不存在',
  405: '请求方法不正确',
  406: '无法提供请求的格式',
  408: '请求超时',
  411: '请求缺少内容长度',
  413: '请求内容过大',
  414: '请求地址过长',
  415: '不支持的请求格式',
  431: '请求头或请求地址过长',
};
const MSG_BAD_REQUEST = '请求不正确';
const MSG_SERVER_ERROR = '服务器内部错误，请稍后再试';

type ValidationFailure = Error & { validation: ErrorObject[] };

const isValidationFailure = (error: Error): error is ValidationFailure => 'validation' in error && Array.isArray(error.validation);

/** The message of a failed input validation: the declared route's schema names the field. */
function validationMessage(request: FastifyRequest, error: ValidationFailure): string {
  const input = request.routeOptions.config.declaration?.input;
  return input ? describeInputErrors(input, error.validation) : CLIENT_ERROR_MESSAGES[400];
}

/** Errors Node's HTTP parser raises before Fastify sees a request (431 header/URL too large, 400 malformed, 408). */
export function clientErrorResponse(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(failure(CLIENT_ERROR_MESSAGES[status]));
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Every error becomes the envelope with its status; stack traces never leave the server. */
export function registerErrorHandling(app: FastifyInstance, shellDist: string): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(failure(error.message));
    }
    if (isValidationFailure(error)) {
      return reply.status(400).send(failure(validationMessage(request, error)));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: 'code' in error ? error.code : undefined }, error.message);
      return reply.status(status).send(failure(CLIENT_ERROR_MESSAGES[status] ?? MSG_BAD_REQUEST));
    }
    request.log.error(error);
    return reply.status(500).send(failure(MSG_SERVER_ERROR));
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
