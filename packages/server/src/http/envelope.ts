import { ErrCode } from '@im/protocol';
import type { Envelope } from '@im/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, asAppError } from './app-error.ts';

export function ok<T>(data?: T): Envelope<T> {
  return { errCode: 0, errMsg: '', data };
}

function envelopeOf(error: AppError): Envelope {
  return { errCode: error.errCode, errMsg: error.message, ...(error.errDlt ? { errDlt: error.errDlt } : {}) };
}

/** Fastify's own failures (bad JSON, body too large, unsupported type) as the envelope's codes. */
function fromFastify(error: FastifyError): AppError {
  if (!error.statusCode || error.statusCode >= 500) return asAppError(error);
  if (error.statusCode === 413) return new AppError(ErrCode.TOO_LARGE);
  if (error.statusCode && error.statusCode < 500)
    return new AppError(ErrCode.ARGS, { detail: error.message });
  return new AppError(ErrCode.SERVER);
}

/** Every failure answers the envelope with a clear errCode; unexpected ones are logged as errors. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = error instanceof AppError ? error : fromFastify(error);
    if (appError.errCode === ErrCode.SERVER) request.log.error({ err: error }, 'request failed');
    else request.log.info({ errCode: appError.errCode, errDlt: appError.errDlt }, appError.message);
    if (appError.retryAfter) reply.header('Retry-After', String(appError.retryAfter));
    return reply.status(appError.status).send(envelopeOf(appError));
  });
}
