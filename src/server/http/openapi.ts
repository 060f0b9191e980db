import { z } from 'zod';
import { metaSchema } from '../../contracts/envelope';
import type { RouteSummary } from './route';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as zod writes it. */
type JsonSchema = Record<string, unknown>;

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };

type Operation = {
  operationId: string;
  tags: string[];
  summary?: string;
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content: Record<string, { schema: JsonSchema }> }>;
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, Record<string, string>>;
  };
};

const metaRef = { $ref: '#/components/schemas/Meta' };
const errorEnvelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' };

/** Requests are described as the contract accepts them, answers as the server writes them. */
function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json: JsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  // Each schema is placed inside the document, which names its dialect once.
  delete json.$schema;
  return json;
}

/** Fastify's `/api/clients/:id` as OpenAPI's `/api/clients/{id}`. */
export function toOpenApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function toParameters(schema: z.ZodType | undefined, place: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
  }));
}

function toOperationId(route: RouteSummary): string {
  const words = `${String(route.method)} ${route.url.replace(/^\/api\//, '')}`
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words
    .map((word, index) => (index === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

function toResponses(route: RouteSummary): Operation['responses'] {
  const errors = {
    default: { description: 'An error', content: { 'application/json': { schema: errorEnvelopeRef } } },
  };
  if (route.answer.kind === 'file') {
    const content = Object.fromEntries(
      route.answer.types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
    );
    return { '200': { description: route.answer.description, content }, ...errors };
  }
  if (route.answer.kind === 'document') {
    return {
      '200': { description: route.answer.description, content: { 'application/json': { schema: {} } } },
      ...errors,
    };
  }
  const data = route.answer.data ? toSchema(route.answer.data, 'output') : {};
  const envelope = {
    type: 'object',
    properties: { meta: metaRef, data },
    required: ['meta', 'data'],
  };
  return {
    '200': {
      description: 'Success (meta.error_code 0)',
      content: { 'application/json': { schema: envelope } },
    },
    ...errors,
  };
}

function toOperation(route: RouteSummary): Operation {
  const body = route.schemas.body;
  return {
    operationId: toOperationId(route),
    tags: [route.url.split('/')[2] ?? 'api'],
    ...(route.summary ? { summary: route.summary } : {}),
    security: route.access === 'public' ? [] : [{ bearerAuth: [] }],
    parameters: [
      ...toParameters(route.schemas.params, 'path'),
      ...toParameters(route.schemas.query, 'query'),
    ],
    ...(body
      ? {
          requestBody: {
            required: !body.safeParse(undefined).success,
            content: { [route.bodyType ?? 'application/json']: { schema: toSchema(body, 'input') } },
          },
        }
      : {}),
    responses: toResponses(route),
  };
}

/**
 * The API as an OpenAPI 3.1 document, made from the routes the app registered and their contract schemas, so it
 * can never list a route that is not served nor miss one that is.
 */
export function buildOpenApiDocument(routes: readonly RouteSummary[], publicUrl: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.url);
    paths[path] = { ...paths[path], [String(route.method).toLowerCase()]: toOperation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'MealRounds API',
      version: '1',
      description:
        'Every JSON answer is an envelope `{meta, data}`; `meta.error_code` 0 is success, any other code an error ' +
        'with `meta.message` (and `meta.errors` per field for code 2). Log in with POST /api/users/login and send ' +
        'the `jwt` as `Authorization: Bearer <jwt>`.',
    },
    // Without PUBLIC_URL the document's own server is meant: '/' is relative to where it was fetched.
    servers: [{ url: publicUrl || '/' }],
    paths,
    components: {
      schemas: {
        Meta: toSchema(metaSchema, 'output'),
        ErrorEnvelope: {
          type: 'object',
          // Mostly null; some refusals carry details (code 7 lists each visit's outcome).
          properties: { meta: metaRef, data: {} },
          required: ['meta', 'data'],
        },
      },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
