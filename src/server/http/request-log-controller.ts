import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** How the app logs each request's own lines (incoming, completed): at info as Fastify does, or at debug. */
export type RequestLogLevel = 'info' | 'debug';

/**
 * Fastify's request lines one level down, at debug: on the embedded default a first start then ends with the URL
 * and the demo logins instead of a line per file the browser fetches. Failures keep their levels (a request that
 * errored is still an error).
 */
class DebugRequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method ?? ''}:${request.raw.url ?? ''} not found`);
  }
}

/** Fastify's `logController` option for the level; undefined keeps Fastify's own. */
export function createRequestLogController(level: RequestLogLevel): LogController | undefined {
  return level === 'debug' ? new DebugRequestLogController() : undefined;
}
