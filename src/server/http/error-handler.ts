import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contracts/envelope';
import { sendError } from './envelope';
import { ApiError } from './errors';

const oneMiB = 1024 * 1024;
export const bodyLimitBytes = oneMiB;

/** Maps Fastify's own errors (bad JSON, oversize body, wrong media type) to the envelope's codes. */
function toApiError(error: FastifyError): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(ErrorCode.invalidInput, 'The request body is larger than 1 MiB.', [], 413);
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

export function installErrorHandlers(app: FastifyInstance, serveWebApp: (url: string) => boolean) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    const mapped = toApiError(error);
    if (mapped) return sendError(reply, mapped);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new ApiError(ErrorCode.internal, 'Internal error. Please try again later.'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && serveWebApp(request.url)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendError(
      reply,
      new ApiError(ErrorCode.notFound, `No route ${request.method} ${request.url.split('?')[0]}.`),
    );
  });
}
