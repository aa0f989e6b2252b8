import fc from 'fast-check';

/**
 * fast-check arbitraries built from the OpenAPI document's JSON schemas (what
 * fastify-type-provider-zod publishes), so the bad-input test follows every route a feature adds
 * without a hand-written list. Only the JSON-schema keywords our schemas use are understood.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Ids of real rows (own and other company), so generated bodies also reach past the 404s. */
export interface IdPool {
  ids: readonly string[];
}

const isoInstant = fc
  .date({ min: new Date('2019-01-01T00:00:00Z'), max: new Date('2031-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

function patternArb(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
}

function looksLikeId(name: string | undefined): boolean {
  return name !== undefined && /(^id$|Id$|Ids$|^assignedEmployees$)/.test(name);
}

function stringArb(schema: JsonSchema, pool: IdPool, name: string | undefined): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return isoInstant;
  const byPattern = schema.pattern ? patternArb(schema.pattern) : undefined;
  if (byPattern) return byPattern;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  const text = fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' });
  if (looksLikeId(name) && pool.ids.length > 0) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool.ids) }, { weight: 1, arbitrary: text });
  return text;
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000;
  if (integer) return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema accepts (mostly: refinements the JSON schema cannot express may still fail). */
export function validValue(schema: JsonSchema, pool: IdPool, name?: string, depth = 0): fc.Arbitrary<Json> {
  if (schema.const !== undefined) return fc.constant(schema.const as Json);
  if (schema.enum) return fc.constantFrom(...(schema.enum as Json[]));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validValue(alternative, pool, name, depth + 1)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], pool, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema, pool, name);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const item = validValue(schema.items ?? {}, pool, name, depth + 1);
      return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(properties).map(([key, property]) => {
        const value = validValue(property, pool, key, depth + 1);
        return [key, required.has(key) ? value : fc.option(value, { nil: undefined, freq: 3 })] as const;
      });
      return fc.record(Object.fromEntries(entries)).map((record) => dropUndefined(record as Record<string, Json | undefined>));
    }
    default:
      return anyJson;
  }
}

function dropUndefined(record: Record<string, Json | undefined>): { [key: string]: Json } {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as { [key: string]: Json };
}

/** Any JSON value of another shape than expected. */
export const anyJson: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }) as fc.Arbitrary<Json>,
);

/** Numbers that break naive arithmetic; the strings are what a form field might carry instead. */
export const nastyNumbers: readonly Json[] = [-1, -0, 0, 0.5, -1e308, 1e308, 2 ** 53 + 1, -(2 ** 63), 1e-300, 'NaN', 'Infinity', '-1', '1e400', '0x10', ''];

/** Texts in number places in raw JSON (JSON.parse turns 1e400 into Infinity). */
export const rawNastyNumbers: readonly string[] = ['1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0.0', '4.9e-325'];

export const invalidDates: readonly string[] = [
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-11-21T25:00:00Z',
  '2026-11-21T10:00:00',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '99999-01-01T00:00:00Z',
  '2026-11-31T10:00:00.000Z',
  'mañana',
  'NaN',
  '1e21',
  '2026-W47',
  '',
];

/** Texts PostgreSQL or a terminal would choke on: NUL, other controls, a lone surrogate, bidi overrides. */
export const controlTexts: readonly string[] = ['a\u0000b', '\u0000', 'línea\r\nSet-Cookie: x=1', '\u0007\u001b[31m', '\ud800', '\u202eexe.png', '\ufeff', 'x\u0085y'];

/** Path-parameter values: traversal, encodings, control characters, absurd lengths and look-alikes. */
export const badIds: readonly string[] = [
  '..',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '%0d%0aSet-Cookie:%20x=1',
  'x'.repeat(101),
  'x'.repeat(5000),
  '%F0%9F%92%A9',
  '%C3%B1and%C3%BA',
  '-1',
  '0',
  '1e400',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'comp-00000000-0000-0000-0000-000000000000',
  "'%20OR%201=1--",
  '%20',
  '%E0%A4%A',
];

export const malformedJson: readonly string[] = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u00"}',
  '"',
  '{}{}',
  '123abc',
  '\ufeff{}',
  '{"__proto__":',
];

export const protoPayloads: readonly string[] = [
  '{"__proto__":{"polluted":"sí"}}',
  '{"constructor":{"prototype":{"polluted":"sí"}}}',
  '{"a":{"__proto__":{"polluted":"sí"}}}',
  '[{"__proto__":{"polluted":"sí"}}]',
];

/** Inserts the pollution keys into a real body so the payload also passes the shape checks. */
export function withProtoKeys(body: Json, key: '__proto__' | 'constructor'): string {
  const payload = key === '__proto__' ? '{"polluted":"sí"}' : '{"prototype":{"polluted":"sí"}}';
  const text = JSON.stringify(body);
  if (text.startsWith('{') && text !== '{}') return `{"${key}":${payload},${text.slice(1)}`;
  return `{"${key}":${payload}}`;
}
