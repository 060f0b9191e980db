import type { FastifyRequest } from 'fastify';
import { optimiseBodySchema } from '../../../contracts/optimise';
import { ErrorCode } from '../../../contracts/envelope';
import { ApiError } from '../../http/errors';
import type { RegisterRoute } from '../../http/route';
import type { OptimiseService } from './optimise-service';

/**
 * An AbortSignal that fires when the caller's connection closes before the answer is sent (Cancel in the
 * optimising dialog aborts the fetch). The socket is watched, not the request: a request emits 'close' as soon
 * as its body has been read.
 */
function watchDisconnect(request: FastifyRequest): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const socket = request.raw.socket as FastifyRequest['raw']['socket'] | undefined;
  const abort = () => controller.abort();
  if (socket?.destroyed) abort();
  socket?.once('close', abort);
  return { signal: controller.signal, release: () => socket?.off('close', abort) };
}

export function registerOptimiseRoutes(route: RegisterRoute, optimiser: OptimiseService) {
  route({
    method: 'POST',
    url: '/api/maps/optimise',
    access: 'user',
    body: optimiseBodySchema,
    handler: async ({ session, body, request }) => {
      const { signal, release } = watchDisconnect(request);
      try {
        return { data: await optimiser.optimise(session, body, signal) };
      } catch (error) {
        if (signal.aborted) throw new ApiError(ErrorCode.mapsProvider, 'Optimising was cancelled.');
        throw error;
      } finally {
        release();
      }
    },
  });
}
