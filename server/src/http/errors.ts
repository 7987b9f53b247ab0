/** An error whose message is shown to the user, with the HTTP status that carries it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MSG_LOGIN_REQUIRED = '请先登陆';
export const MSG_LOGIN_EXPIRED = '登陆已过期，请重新登陆';
export const MSG_FORBIDDEN = '没有权限执行此操作';

export const badRequest = (msg: string): HttpError => new HttpError(400, msg);
export const unauthorized = (msg: string = MSG_LOGIN_REQUIRED): HttpError => new HttpError(401, msg);
export const forbidden = (msg: string = MSG_FORBIDDEN): HttpError => new HttpError(403, msg);
export const notFound = (msg: string): HttpError => new HttpError(404, msg);
export const tooManyRequests = (msg: string): HttpError => new HttpError(429, msg);
