import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { defaultMessages, type ErrorCode } from '@jornada/shared/errors';
import { AppError } from '../lib/errors';
import { baselineSecurityHeaders } from './security-headers';

function send(reply: FastifyReply, status: number, code: ErrorCode, message = defaultMessages[code], extra?: Readonly<Record<string, unknown>>) {
  return reply.status(status).type('application/json; charset=utf-8').send({ error: { ...extra, code, message } });
}

/** Fastify's own client errors, mapped to Spanish messages with the status they deserve. */
const fastifyCodes: Record<string, { status: number; code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'El tipo de contenido no está permitido.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION_ERROR', message: 'El cuerpo de la solicitud está vacío.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION_ERROR', message: 'El cuerpo de la solicitud no es JSON válido.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_ERROR' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Se han enviado demasiados archivos.' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
};

/** One place turns every failure into `{error:{code,message}}`; 5xx never show internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.statusCode, error.code, error.message, error.extra);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Schemas carry the spec's Spanish messages; zod's own are Spanish through zod-locale.
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? defaultMessages.VALIDATION_ERROR;
      // Our messages are whole sentences; zod's built-in ones are fragments that need the field named.
      const isSentence = message.endsWith('.');
      return send(reply, 400, 'VALIDATION_ERROR', isSentence || !field ? message : `Campo «${field}»: ${message}.`);
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return send(reply, mapped.status, mapped.code, mapped.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'INTERNAL_ERROR');
  });
}

/**
 * The router's own refusals (a path that is not valid percent-encoding, a path parameter over
 * maxParamLength) happen before any hook runs, so Fastify answers them itself in English and
 * without our headers unless this is passed as the `frameworkErrors` option.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(baselineSecurityHeaders(request.server.config.cookieSecure));
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, 'VALIDATION_ERROR', 'La dirección solicitada es demasiado larga.');
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'VALIDATION_ERROR', 'La dirección solicitada no es válida.');
  request.log.error({ err: error }, 'router error');
  return send(reply, 500, 'INTERNAL_ERROR');
}
