import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '../../contracts/envelope';
import { sendError } from './envelope';
import { ApiError } from './errors';
import type { WebPageSender } from './web-app';

const oneMiB = 1024 * 1024;
export const bodyLimitBytes = oneMiB;

/** Maps Fastify's own errors (bad JSON, oversize body, wrong media type) to the envelope's codes. */
function toApiError(error: FastifyError, bodyLimit: number): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
        ErrorCode.invalidInput,
        `The request body is larger than ${String(Math.round(bodyLimit / oneMiB))} MiB.`,
        [],
        413,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(ErrorCode.invalidInput, 'Send the request body as application/json.', [], 415);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(ErrorCode.invalidInput, 'The request body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(ErrorCode.invalidInput, 'The request body does not match its length.');
    default:
      break;
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return new ApiError(ErrorCode.invalidInput, 'The request body is not valid JSON.');
  }
  return null;
}

/** PostgreSQL's SQLSTATE of a failed query, wherever the driver or Drizzle put it (the error or its causes). */
function findSqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return null;
}

/**
 * A last line of defence behind the contracts: a value the database refuses as data (class 22, data exception,
 * such as a NUL character, a datetime field overflow or a number out of range) came from the request, so it is
 * the caller's mistake (code 2), not an internal fault.
 */
function toDataError(error: unknown): ApiError | null {
  const state = findSqlState(error);
  if (!state?.startsWith('22')) return null;
  switch (state) {
    case '22021':
    case '22P05':
      return new ApiError(
        ErrorCode.invalidInput,
        'The request holds a character that cannot be stored, such as NUL. Remove it and try again.',
      );
    case '22003':
      return new ApiError(ErrorCode.invalidInput, 'A number in the request is out of range.');
    case '22007':
    case '22008':
      return new ApiError(
        ErrorCode.invalidInput,
        'A date or time in the request is not a real one or is out of range.',
      );
    default:
      return new ApiError(
        ErrorCode.invalidInput,
        'A value in the request cannot be stored. Check it and try again.',
      );
  }
}

/**
 * The router's own refusals, raised before any route or error handler runs (a path segment over the router's
 * length limit, a malformed percent-encoding): answered with the envelope like every other refusal.
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(ErrorCode.invalidInput, 'A part of the address is too long.', [], 414)
      : new ApiError(ErrorCode.invalidInput, 'The address is not valid.');
  void sendError(reply, apiError);
}

/** `sendWebPage` answers a page address (a GET outside the API); null on a server without the web app. */
export function installErrorHandlers(app: FastifyInstance, sendWebPage: WebPageSender | null) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    const mapped = toApiError(error, request.routeOptions.bodyLimit ?? bodyLimitBytes);
    if (mapped) return sendError(reply, mapped);
    const dataError = toDataError(error);
    if (dataError) {
      // Logged: the contracts should have refused this value before it reached the database.
      request.log.warn({ err: error }, 'database refused a value from the request');
      return sendError(reply, dataError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new ApiError(ErrorCode.internal, 'Internal error. Please try again later.'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && sendWebPage)
      return sendWebPage(reply);
    return sendError(
      reply,
      new ApiError(ErrorCode.notFound, `No route ${request.method} ${request.url.split('?')[0]}.`),
    );
  });
}
