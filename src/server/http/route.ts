import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { Meta } from '../../contracts/envelope';
import { isAdminLevel } from '../../domain/access-level';
import { sendData } from './envelope';
import { forbidden } from './errors';
import type { Session } from './session';
import { parseOrThrow } from './validation';
import { runApiCall } from '../shared/call-account-versions';

export type Access = 'public' | 'user' | 'admin';

export type RouteResult = { data: unknown; meta?: Partial<Meta>; status?: number };

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

type HandlerInput<B, Q, P, A extends Access> = {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
  session: A extends 'public' ? Session | null : Session;
  request: FastifyRequest;
};

export type RouteSpec<B, Q, P, A extends Access> = {
  method: HTTPMethods;
  url: string;
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  /** One line for the OpenAPI document. */
  summary?: string;
  /** The schema of `data` in a successful answer, for the OpenAPI document (and the test that checks answers). */
  response?: z.ZodType;
  /** Per-IP limit for this route (fastify rate-limit options). */
  rateLimit?: { max: number; timeWindow: string };
  /** The largest body this route takes, in bytes, when it needs more than the app's 1 MiB. */
  bodyLimit?: number;
  /** The body's media type when it is not JSON (a CSV file: the app parses text/csv as text). */
  bodyType?: 'text/csv';
  handler: (input: HandlerInput<B, Q, P, A>) => Promise<RouteResult>;
};

/** Resolves the session from the bearer token; throws code 3 when there is none or it is no longer valid. */
export type Authenticate = (request: FastifyRequest) => Promise<Session>;

function parsePart(schema: unknown, value: unknown, root: string): unknown {
  return schema ? parseOrThrow(schema as z.ZodType, value, root) : undefined;
}

/**
 * Registers one API route: checks the session and access level, validates params, query and body against
 * the contract schemas, and wraps the handler's result in the envelope. Errors go to the app's error handler.
 */
/** A registered API route, as listed in docs/api.md and exercised by the hostile-input tests. */
export type RouteSummary = {
  method: HTTPMethods;
  url: string;
  access: Access;
  hasBody: boolean;
  /** The body's media type when it is not JSON. */
  bodyType?: 'text/csv';
  /** The contract schemas the route validates against, so tests can build requests from them. */
  schemas: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
  summary?: string;
  answer: RouteAnswer;
};

/**
 * What a successful call answers: the JSON envelope with `data` (its schema when declared), a file of one of
 * `types`, or a JSON document of its own (the OpenAPI document).
 */
export type RouteAnswer =
  | { kind: 'envelope'; data?: z.ZodType }
  | { kind: 'file'; types: string[]; description: string }
  | { kind: 'document'; description: string };

export function addRoute<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  A extends Access,
>(app: FastifyInstance, authenticate: Authenticate, spec: RouteSpec<B, Q, P, A>): RouteSummary {
  app.route({
    method: spec.method,
    url: spec.url,
    config: spec.rateLimit ? { rateLimit: spec.rateLimit } : {},
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    // Each call keeps a record of the account versions its session check read (call-account-versions.ts).
    handler: (request, reply) =>
      runApiCall(async () => {
        const session = spec.access === 'public' ? null : await authenticate(request);
        if (spec.access === 'admin' && session && !isAdminLevel(session.accessLevel)) {
          throw forbidden('Only an administrator can do this.');
        }
        const input = {
          params: parsePart(spec.params, request.params, 'params'),
          query: parsePart(spec.query, request.query, 'query'),
          body: parsePart(spec.body, request.body, 'body'),
          session,
          request,
        } as HandlerInput<B, Q, P, A>;
        const result = await spec.handler(input);
        return sendData(reply, result.data, result.meta, result.status);
      }),
  });
  return {
    method: spec.method,
    url: spec.url,
    access: spec.access,
    hasBody: spec.body !== undefined,
    ...(spec.bodyType ? { bodyType: spec.bodyType } : {}),
    schemas: { params: spec.params, query: spec.query, body: spec.body },
    ...(spec.summary ? { summary: spec.summary } : {}),
    answer: { kind: 'envelope', ...(spec.response ? { data: spec.response } : {}) },
  };
}

/** `addRoute` bound to the app and its authentication: what each feature's routes.ts receives. */
export type RegisterRoute = <
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  A extends Access = Access,
>(
  spec: RouteSpec<B, Q, P, A>,
) => void;
