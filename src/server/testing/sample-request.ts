import { z } from 'zod';

/**
 * Builds a well-formed value for a route's params, query or body from its contract schema (through the schema's
 * JSON Schema), and lists the places in it that a test can make hostile. A request with one such place replaced
 * by a value the contracts must refuse is then refused because of that value alone.
 */

type JsonSchema = {
  /** A list for a nullable primitive (['boolean', 'null']). */
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
};

/** What a place accepts: free text, a date, a whole number, any number, any JSON value, or a fixed set. */
export type PlaceKind = 'text' | 'date' | 'integer' | 'number' | 'json' | 'fixed';

/** A value (or, with `isKey`, the key naming it) inside a sampled request part. */
export type Place = { path: readonly (string | number)[]; kind: PlaceKind; isKey: boolean };

export type SampledPart = { value: unknown; places: Place[] };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const dayMonthYear = /^\d{2}-\d{2}-\d{4}$/;

function sampleString(node: JsonSchema): string {
  if (node.format === 'email') return 'someone@example.com';
  if (node.format === 'uri') return 'https://example.com';
  if (node.format === 'uuid') return '00000000-0000-4000-8000-000000000001';
  if (node.format === 'date-time') return '2026-11-18T10:00:00+11:00';
  const known: Record<string, string> = {
    '^([01]\\d|2[0-3]):[0-5]\\d$': '09:30',
    '^Australia\\/[A-Za-z_]+$': 'Australia/Sydney',
    '^\\d{1,9}$': '1',
    '^[0-9]{1,10}$': '1',
    '^#[0-9a-fA-F]{6}$': '#a1b2c3',
    '^[A-Za-z0-9_-]{43}$': 'a'.repeat(43),
  };
  if (node.pattern !== undefined) {
    const sample = known[node.pattern];
    if (sample === undefined) throw new Error(`No sample for the pattern ${node.pattern}.`);
    return sample;
  }
  return 'sample text'.padEnd(node.minLength ?? 0, 'x');
}

function sampleNumber(node: JsonSchema): number {
  const lowest = node.minimum ?? (node.exclusiveMinimum === undefined ? 1 : node.exclusiveMinimum + 1);
  return Math.min(Math.max(lowest, 1), node.maximum ?? Number.MAX_SAFE_INTEGER);
}

function describeKind(node: JsonSchema, value: unknown): Exclude<PlaceKind, 'json'> {
  if (node.enum !== undefined || node.const !== undefined || typeof value === 'boolean' || value === null) {
    return 'fixed';
  }
  if (typeof value === 'string') return isoDate.test(value) || dayMonthYear.test(value) ? 'date' : 'text';
  if (typeof value === 'number') return node.type === 'integer' ? 'integer' : 'number';
  return 'fixed';
}

/** The branch of a union with the most to test: an object before anything else, anything before null. */
function pickBranch(branches: JsonSchema[]): JsonSchema {
  const rank = (branch: JsonSchema) => (branch.type === 'object' ? 0 : branch.type === 'null' ? 2 : 1);
  return [...branches].sort((a, b) => rank(a) - rank(b))[0] ?? {};
}

function sampleNode(node: JsonSchema, path: (string | number)[], places: Place[]): unknown {
  const branches = node.anyOf ?? node.oneOf ?? node.allOf;
  if (branches) return sampleNode(pickBranch(branches), path, places);
  // A nullable primitive: sampled as its type, null being the less to test.
  if (Array.isArray(node.type))
    return sampleNode({ ...node, type: node.type.find((type) => type !== 'null') ?? 'null' }, path, places);
  let value: unknown;
  if (node.examples?.length) value = node.examples[0];
  else if (node.const !== undefined) value = node.const;
  else if (node.default !== undefined) value = node.default;
  else if (node.enum?.length) value = node.enum[0];
  else if (node.type === 'object') return sampleObject(node, path, places);
  else if (node.type === 'array') return sampleArray(node, path, places);
  else if (node.type === 'string') value = sampleString(node);
  else if (node.type === 'integer' || node.type === 'number') value = sampleNumber(node);
  else if (node.type === 'boolean') value = true;
  else if (node.type === 'null') value = null;
  else {
    places.push({ path, kind: 'json', isKey: false });
    return 'any value';
  }
  places.push({ path, kind: describeKind(node, value), isKey: false });
  return value;
}

function sampleObject(node: JsonSchema, path: (string | number)[], places: Place[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    places.push({ path: [...path, key], kind: 'fixed', isKey: true });
    result[key] = sampleNode(child, [...path, key], places);
  }
  if (typeof node.additionalProperties === 'object') {
    const keyPlaces: Place[] = [];
    const key = String(sampleNode(node.propertyNames ?? { type: 'string' }, [...path, 0], keyPlaces));
    const kind = keyPlaces[0]?.kind === 'date' ? 'date' : 'text';
    places.push({ path: [...path, key], kind, isKey: true });
    result[key] = sampleNode(node.additionalProperties, [...path, key], places);
  }
  return result;
}

function sampleArray(node: JsonSchema, path: (string | number)[], places: Place[]): unknown[] {
  if (node.prefixItems)
    return node.prefixItems.map((item, index) => sampleNode(item, [...path, index], places));
  const count = Math.max(node.minItems ?? 1, 1);
  return Array.from({ length: count }, (_, index) => sampleNode(node.items ?? {}, [...path, index], places));
}

/** A value the schema accepts, with every place in it a test may make hostile. */
export function sampleRequestPart(schema: z.ZodType): SampledPart {
  const places: Place[] = [];
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const value = sampleNode(jsonSchema, [], places);
  return { value, places };
}

/** A copy of the value with the place (or its key) replaced. */
export function replacePlace(value: unknown, place: Place, replacement: unknown): unknown {
  if (place.path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of place.path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = place.path[place.path.length - 1] as string | number;
  if (place.isKey) {
    const renamed = Object.fromEntries(
      Object.entries(parent).map(([key, item]) => [key === String(last) ? String(replacement) : key, item]),
    );
    for (const key of Object.keys(parent)) Reflect.deleteProperty(parent, key);
    Object.assign(parent, renamed);
  } else {
    parent[last] = replacement;
  }
  return copy;
}
