import type { FastifyReply } from 'fastify';
import { ErrorCode, type Meta } from '../../contracts/envelope';
import type { ApiError } from './errors';

export function sendData(reply: FastifyReply, data: unknown, meta: Partial<Meta> = {}, status = 200) {
  return reply.status(status).send({ meta: { error_code: ErrorCode.success, message: '', ...meta }, data });
}

export function sendError(reply: FastifyReply, error: ApiError) {
  return reply.status(error.httpStatus).send({ meta: error.toMeta(), data: null });
}
