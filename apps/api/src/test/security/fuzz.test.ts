import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/demo';
import { createTestContext, type TestContext } from '../test-app';
import { signInAs } from '../sign-in';
import {
  anyJson,
  badIds,
  controlTexts,
  invalidDates,
  malformedJson,
  nastyNumbers,
  protoPayloads,
  rawNastyNumbers,
  validValue,
  withProtoKeys,
  type IdPool,
  type Json,
  type JsonSchema,
} from './schema-arbitraries';

/**
 * ASVS V1/V2 "bad input everywhere": every operation of the OpenAPI document (read from the app,
 * so a new route is fuzzed the day it lands) gets malformed JSON, wrong types, missing and unknown
 * fields, huge strings, prototype-pollution keys, nasty numbers, invalid dates, bad path ids and
 * random values built from its schemas, as every kind of actor. The answer must be a 2xx (the input
 * happened to be valid) or a 4xx with `{error:{code,message}}` in Spanish; never a 5xx.
 *
 * Bounded for CI: a fixed seed, a capped number of runs per operation and actor, and a time budget
 * after which the remaining operations get a single run each.
 */
const SEED = 20261122;
const RUNS = { mutation: 18, read: 8, anonymous: 4 };
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 45_000);
const MEGABYTE = 1024 * 1024;

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  jsonBody: JsonSchema | undefined;
}

interface FuzzCase {
  kind: string;
  path: Record<string, string>;
  query: string;
  body?: { contentType: string; payload: string | Buffer };
}

type ActorName = 'anonymous' | 'employee' | 'supervisor' | 'admin';

interface Actor {
  name: ActorName;
  username?: string;
  password?: string;
  cookie?: string;
}

let ctx: TestContext;
let operations: Operation[];
let pool: IdPool;
let protectedIds: Set<string>;
const actors: Actor[] = [];
let casesSent = 0;
const statuses = new Map<string, number>();

function readOperations(document: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      jsonBody: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** Every id column of every table: real objects of the demo company and of another company. */
async function collectIds(): Promise<string[]> {
  const tables = await ctx.db.introspection.getTables();
  const ids: string[] = [];
  for (const table of tables.filter((candidate) => candidate.columns.some((column) => column.name === 'id'))) {
    const rows = await sql<{ id: string }>`select id from ${sql.table(table.name)} limit 15`.execute(ctx.db);
    ids.push(...rows.rows.map((row) => String(row.id)));
  }
  return ids.sort();
}

// ---------------------------------------------------------------------------------------------
// Case generation

interface Leaf {
  path: (string | number)[];
  value: Json;
  schema: JsonSchema;
}

function schemaFor(value: Json, schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (!alternatives) return schema;
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value;
  return alternatives.find((alternative) => [alternative.type].flat().some((t) => t === type || (t === 'integer' && type === 'number'))) ?? alternatives[0] ?? {};
}

/** The leaves (and containers) of a generated body, each with the schema that produced it. */
function leavesOf(value: Json, schema: JsonSchema | undefined, path: (string | number)[] = []): Leaf[] {
  const own = schemaFor(value, schema);
  const here: Leaf[] = path.length > 0 ? [{ path, value, schema: own }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => leavesOf(item, own.items, [...path, index]))];
  if (value !== null && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => leavesOf(item, own.properties?.[key], [...path, key]))];
  }
  return here;
}

function replaceAt(value: Json, path: (string | number)[], replacement: Json | undefined): Json {
  if (path.length === 0) return replacement ?? null;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (replacement === undefined && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = replaceAt(copy[head as number] ?? null, rest, replacement);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy: { [key: string]: Json } = { ...value };
    if (replacement === undefined && rest.length === 0) delete copy[head as string];
    else copy[head as string] = replaceAt(copy[head as string] ?? null, rest, replacement);
    return copy;
  }
  return value;
}

const json = (payload: string) => ({ contentType: 'application/json', payload });

/** One mutation of a valid body at a random leaf. */
function mutatedBody(schema: JsonSchema): fc.Arbitrary<{ kind: string; payload: string }> {
  const valid = validValue(schema, pool);
  const at = <T,>(mutation: fc.Arbitrary<T>, apply: (body: Json, leaf: Leaf | undefined, value: T) => { kind: string; payload: string }) =>
    fc.tuple(valid, fc.nat(), mutation).map(([body, index, value]) => {
      const leaves = leavesOf(body, schema);
      return apply(body, leaves.length > 0 ? leaves[index % leaves.length] : undefined, value);
    });
  const replaced = (kind: string) => (body: Json, leaf: Leaf | undefined, value: Json) => ({
    kind,
    payload: JSON.stringify(leaf ? replaceAt(body, leaf.path, value) : value),
  });
  return fc.oneof(
    valid.map((body) => ({ kind: 'valid', payload: JSON.stringify(body) })),
    at(anyJson, replaced('wrong-type')),
    at(fc.constant(undefined), (body, leaf) => ({ kind: 'missing-field', payload: JSON.stringify(leaf ? replaceAt(body, leaf.path, undefined) : {}) })),
    at(fc.constantFrom(...nastyNumbers), replaced('nasty-number')),
    at(fc.constantFrom(...invalidDates), replaced('invalid-date')),
    at(fc.constantFrom(...controlTexts), replaced('control-chars')),
    at(fc.constantFrom(...rawNastyNumbers), (body, leaf, raw) => {
      const marker = '"__raw_number__"';
      return { kind: 'raw-number', payload: JSON.stringify(leaf ? replaceAt(body, leaf.path, '__raw_number__') : '__raw_number__').replace(marker, raw) };
    }),
    at(fc.constantFrom(1, 1000, 100_000), (body, leaf, extra) => {
      const length = (leaf?.schema.maxLength ?? 200) + extra;
      return { kind: 'long-string', payload: JSON.stringify(leaf ? replaceAt(body, leaf.path, 'ñ'.repeat(length)) : 'x'.repeat(length)) };
    }),
    at(fc.string({ minLength: 1, maxLength: 12 }), (body, leaf, key) => {
      const target = leaf && leaf.value !== null && typeof leaf.value === 'object' && !Array.isArray(leaf.value) ? leaf : undefined;
      const extra = target ? replaceAt(body, [...target.path, key], 'desconocido') : body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body, [key]: 'desconocido' } : body;
      return { kind: 'unknown-field', payload: JSON.stringify(extra) };
    }),
    valid.chain((body) => fc.constantFrom('__proto__' as const, 'constructor' as const).map((key) => ({ kind: 'proto-keys', payload: withProtoKeys(body, key) }))),
  );
}

const badFileNames = ['../../etc/passwd', '..\\..\\win.ini', 'a\u0000b.png', 'foto\r\n.png', '\u202egnp.exe', '', '.', 'x'.repeat(600), 'ñandú.jpg'];

/** Bodies for any state-changing operation, whatever its schema. */
const genericBody: fc.Arbitrary<{ kind: string; contentType: string; payload: string | Buffer }> = fc.oneof(
  fc.constantFrom(...malformedJson).map((payload) => ({ kind: 'malformed-json', ...json(payload) })),
  fc.constantFrom(...protoPayloads).map((payload) => ({ kind: 'proto-keys', ...json(payload) })),
  anyJson.map((value) => ({ kind: 'non-object', ...json(JSON.stringify(value)) })),
  fc.constant({ kind: 'huge-body', ...json(JSON.stringify({ name: 'x'.repeat(MEGABYTE + 16) })) }),
  fc.constantFrom('application/json; charset=utf-16', 'application/json; charset=latin1', 'application/json;;', 'multipart/form-data').map((contentType) => ({
    kind: 'odd-content-type',
    contentType,
    payload: '{"name":"a"}',
  })),
  fc.tuple(fc.constantFrom(...badFileNames), fc.uint8Array({ maxLength: 64 }), fc.dictionary(fc.constantFrom('eventId', 'observations', 'signature', 'x'), fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...controlTexts)), { maxKeys: 3 }), fc.boolean()).map(
    ([name, bytes, fields, truncate]) => ({ kind: 'multipart', ...multipartBody(name, Buffer.from(bytes), fields, truncate) }),
  ),
);

function multipartBody(fileName: string, bytes: Buffer, fields: Record<string, string>, truncate: boolean): { contentType: string; payload: Buffer } {
  const boundary = '----jornadaFuzz7e3';
  const parts = Object.entries(fields).map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`);
  const file = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const payload = Buffer.concat([Buffer.from(parts.join('')), file]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: truncate ? payload.subarray(0, Math.floor(payload.length / 2)) : payload };
}

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 it would be on the wire. */
function encode(text: string): string {
  return [...text].map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

function pathValue(parameter: Parameter, method: string): fc.Arbitrary<string> {
  const usable = method === 'GET' ? pool.ids : pool.ids.filter((id) => !protectedIds.has(id));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...usable).map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...badIds) },
    { weight: 1, arbitrary: validValue(parameter.schema, pool, parameter.name).map((value) => encode(String(value))) },
  );
}

function queryValue(parameter: Parameter): fc.Arbitrary<string | undefined> {
  const encoded = (value: fc.Arbitrary<Json>) => value.map((v) => `${encode(parameter.name)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: encoded(validValue(parameter.schema, pool, parameter.name)) },
    { weight: 1, arbitrary: encoded(fc.constantFrom(...nastyNumbers, ...invalidDates, ...controlTexts)) },
    { weight: 1, arbitrary: encoded(fc.constant('ñ'.repeat((parameter.schema.maxLength ?? 200) + 1))) },
    { weight: 1, arbitrary: fc.constantFrom(`${parameter.name}=a&${parameter.name}=b`, `${parameter.name}=%E0%A4%A`, `${parameter.name}[__proto__][polluted]=s%C3%AD`, `${parameter.name}`) },
  );
}

function caseArb(operation: Operation): fc.Arbitrary<FuzzCase> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const path = fc.record(Object.fromEntries(pathParameters.map((parameter) => [parameter.name, pathValue(parameter, operation.method)])));
  const query = fc
    .tuple(
      fc.tuple(...queryParameters.map(queryValue)),
      fc.option(fc.constantFrom('__proto__[polluted]=s%C3%AD', 'constructor[prototype][polluted]=s%C3%AD', 'desconocido=1', `x=${'y'.repeat(20_000)}`), { freq: 4 }),
    )
    .map(([values, extra]) => [...values, extra].filter((value): value is string => typeof value === 'string').join('&'));
  if (operation.method === 'GET' || operation.method === 'HEAD') {
    return fc.record({ path, query }).map((parts) => ({ kind: 'query-and-path', ...parts }));
  }
  const bodies = operation.jsonBody
    ? fc.oneof(
        { weight: 5, arbitrary: mutatedBody(operation.jsonBody).map(({ kind, payload }) => ({ kind, ...json(payload) })) },
        { weight: 2, arbitrary: genericBody },
      )
    : fc.oneof({ weight: 1, arbitrary: fc.constant({ kind: 'no-body', contentType: '', payload: '' }) }, { weight: 2, arbitrary: genericBody });
  return fc.record({ path, query, body: bodies }).map(({ path: pathValues, query: queryString, body }) => ({
    kind: body.kind,
    path: pathValues,
    query: queryString,
    body: body.contentType ? { contentType: body.contentType, payload: body.payload } : undefined,
  }));
}

// ---------------------------------------------------------------------------------------------
// Sending and judging

const englishWords = /\b(the|must|should|expected|received|required|invalid|cannot|body|request|unexpected|error)\b/i;
const spanishMarks = /[áéíóúñ¿¡«]|\b(el|la|los|las|de|del|no|es|un|una|se|ya|este|esta|con|por|para|que|tu|su|debe|campo|demasiad\w*|inválid\w*|obligatori\w*|esperaba|entrada)\b/i;

function problemWith(status: number, body: string): string | undefined {
  if (status >= 500) return `status ${status}: ${body.slice(0, 300)}`;
  if (status < 200 || (status >= 300 && status < 400)) return `unexpected status ${status}`;
  if (status < 400) return undefined;
  let parsed: { error?: { code?: unknown; message?: unknown } };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return `status ${status} without a JSON body: ${body.slice(0, 200)}`;
  }
  const { code, message } = parsed.error ?? {};
  if (typeof code !== 'string' || !/^[A-Z_]+$/.test(code) || typeof message !== 'string') return `status ${status} without {error:{code,message}}: ${body.slice(0, 200)}`;
  if (englishWords.test(message) || !spanishMarks.test(message)) return `status ${status} message not Spanish: ${message}`;
  return undefined;
}

function prototypePolluted(): boolean {
  const probe = {} as Record<string, unknown>;
  return probe.polluted !== undefined || Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted');
}

async function signIn(actor: Actor): Promise<void> {
  if (actor.username && actor.password) actor.cookie = await ctx.login(actor.username, actor.password);
}

async function send(operation: Operation, actor: Actor, fuzzCase: FuzzCase, ip: string) {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => fuzzCase.path[name] ?? 'x') + (fuzzCase.query ? `?${fuzzCase.query}` : '');
  const headers: Record<string, string> = { 'x-requested-with': 'jornada' };
  if (actor.cookie) headers.cookie = actor.cookie;
  if (fuzzCase.body) headers['content-type'] = fuzzCase.body.contentType;
  casesSent++;
  const response = await ctx.app.inject({
    method: operation.method as 'GET',
    url,
    headers,
    payload: fuzzCase.body?.payload,
    remoteAddress: ip,
  });
  const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
  statuses.set(statusClass, (statuses.get(statusClass) ?? 0) + 1);
  // A fuzzed logout (or a 401 for any other reason) ends the actor's session: start a new one.
  if (actor.cookie && (response.statusCode === 401 || operation.path === '/api/auth/logout')) await signIn(actor);
  return { url: url.length > 160 ? `${url.slice(0, 160)}…` : url, status: response.statusCode, body: response.body };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const credentials = await seedDemo(ctx.db, ctx.clock());
  if (!credentials) throw new Error('demo data not seeded');
  const other = await ctx.factories.company('Otra Empresa Fuzz');
  await signInAs(ctx, 'Supervisor', other.id);
  const admin = await ctx.factories.user({ role: 'Administrador', name: 'Admin Fuzz' });
  const supervisor = credentials.find((credential) => credential.role === 'Supervisor')!;
  const employee = credentials.find((credential) => credential.role === 'Empleado')!;
  actors.push(
    { name: 'anonymous' },
    { name: 'employee', username: employee.username, password: employee.password },
    { name: 'supervisor', username: supervisor.username, password: supervisor.password },
    { name: 'admin', username: admin.username, password: admin.password },
  );
  for (const actor of actors) await signIn(actor);
  const demoCompany = await ctx.db.selectFrom('users').select('company_id').where('username', '=', supervisor.username).executeTakeFirstOrThrow();
  const actorIds = await ctx.db.selectFrom('users').select('id').where('username', 'in', [admin.username, supervisor.username, employee.username]).execute();
  // The actors themselves and their company stay out of destructive calls, so one fuzzed DELETE
  // does not end the rest of the run.
  protectedIds = new Set([demoCompany.company_id!, ...actorIds.map((row) => row.id)]);
  pool = { ids: await collectIds() };
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = readOperations(document);
}, 120_000);
afterAll(() => ctx?.close());

describe('bad input everywhere (fast-check over the OpenAPI document)', () => {
  it('answers every generated request with a 2xx or a Spanish 4xx error, never a 5xx, and nothing pollutes Object.prototype', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const started = Date.now();
    const failures: string[] = [];
    const kinds = new Map<string, number>();
    let index = 0;
    let ipCounter = 0;
    for (const operation of operations) {
      for (const actor of actors) {
        index++;
        const overBudget = Date.now() - started > BUDGET_MS;
        const runs = overBudget ? 1 : actor.name === 'anonymous' ? RUNS.anonymous : operation.method === 'GET' ? RUNS.read : RUNS.mutation;
        const details = await fc.check(
          fc.asyncProperty(caseArb(operation), async (fuzzCase) => {
            kinds.set(fuzzCase.kind, (kinds.get(fuzzCase.kind) ?? 0) + 1);
            ipCounter++;
            const ip = `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
            const result = await send(operation, actor, fuzzCase, ip);
            const problem = problemWith(result.status, result.body);
            if (problem) throw new Error(`${operation.method} ${result.url} as ${actor.name} [${fuzzCase.kind}]: ${problem}`);
            if (prototypePolluted()) throw new Error(`${operation.method} ${result.url} as ${actor.name} [${fuzzCase.kind}] polluted Object.prototype`);
          }),
          { seed: SEED + index, numRuns: runs, interruptAfterTimeLimit: 10_000, endOnFailure: true },
        );
        if (details.failed) failures.push(String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance).slice(0, 600));
      }
    }
    const elapsed = Date.now() - started;
    console.info(
      `[fuzz] ${casesSent} requests to ${operations.length} operations × ${actors.length} actors in ${(elapsed / 1000).toFixed(1)} s on ${ctx.database.dialect}; answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; by kind: ${JSON.stringify(Object.fromEntries([...kinds].sort()))}`,
    );
    expect(failures).toEqual([]);
  }, 180_000);
});
