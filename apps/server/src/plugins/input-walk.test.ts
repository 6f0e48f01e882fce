import { createHash } from 'node:crypto';
import {
  documentUploadMetadata,
  TILE_MULTIPART_ICON_PART,
  TILE_MULTIPART_JSON_PART,
  tileInput,
  tileUpdateInput,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiOperations } from '../../test/openapi-operations';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { queryRows } from '../db/client';
import {
  DEMO_BUSINESS_CASE_TYPES,
  DEMO_BUSINESS_CASES,
  DEMO_DOCUMENTS,
  DEMO_INSTITUTIONS,
  DEMO_ORDERS,
  DEMO_TILES,
  DEMO_USERS,
  type DemoUserKey,
} from '../db/seed/demo-ids';
import type { InstitutionRouteAccess } from './access';

/**
 * Walks every `/api` operation of the OpenAPI document with hostile input derived from its
 * schema: broken path parameters, query strings and bodies (JSON and multipart), each sent by a
 * demo user who may use the route. The product rule: bad input gets a clear answer (4xx with
 * application/problem+json) and changes nothing; never a 5xx. Routes added later are covered
 * without a new test: only the choice of user and of valid ids per route is written down here,
 * with a default for anything unknown.
 *
 * Which answers are allowed: a variant the route's schema (or the calendar, or Unicode) refuses
 * must get a 4xx. A variant the schema admits (an unknown query parameter, a long free-text
 * search) may get a 2xx too; such variants are only sent to GET routes, so that nothing is
 * written. Afterwards the database must be as before.
 */

const PROBLEM = /^application\/problem\+json/;
/** zod's English default messages ('Invalid input: expected string, received undefined'). */
const ENGLISH = /Invalid|expected|received|Too (small|big)|Unrecognized|Required/;
/** Every request is answered within this time (each takes a few milliseconds). */
const ANSWER_WITHIN_MS = 2_000;

// ---------------------------------------------------------------------------------------------
// The OpenAPI document

type Schema = {
  type?: string | string[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  default?: unknown;
};

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: string;
  openApiPath: string;
  fastifyPath: string;
  description?: string;
  parameters: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

// ---------------------------------------------------------------------------------------------
// Who calls, with which valid ids

interface Caller {
  user: DemoUserKey;
  /** Valid values of path and query parameters by name (the rest: derived from the schema). */
  values: Record<string, string>;
}

/**
 * The demo users and valid ids for a route, so that a request gets past the access checks and
 * only the hostile part is wrong: from the route's `config.institution` (see access.ts), the
 * institution's own data otherwise. Routes that let in two kinds of caller with different
 * rules (documents: members read, the trusted contractor manages) are walked by both.
 */
function callersFor(access: InstitutionRouteAccess | undefined): Caller[] {
  if (access?.contractors) {
    const values = {
      id: DEMO_INSTITUTIONS.praxisSonnenschein,
      businessCaseId: DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER,
      documentId: DEMO_DOCUMENTS.rechnungOktober,
    };
    // Documents: Tom of Nord, the trusted contractor managing Sonnenschein's business cases,
    // and Anna, admin of Sonnenschein, who reads them as a member.
    return [
      { user: 'tom', values },
      { user: 'anna', values },
    ];
  }
  return [callerFor(access)];
}

function callerFor(access: InstitutionRouteAccess | undefined): Caller {
  if (access?.param === 'contractorId') {
    // A contractor acting on a customer's order (bank order status): Tom of Nord, for Müller.
    return {
      user: 'tom',
      values: {
        contractorId: DEMO_INSTITUTIONS.abrechnungszentrumNord,
        customerId: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
        orderId: DEMO_ORDERS.muellerBankOlder,
      },
    };
  }
  if (access?.trusted) {
    // Tile definitions, customers' bank orders: Tom, admin of the trusted Nord.
    return {
      user: 'tom',
      values: {
        id: DEMO_INSTITUTIONS.abrechnungszentrumNord,
        tileId: DEMO_TILES.bankAccount,
        version: String(tileVersion),
      },
    };
  }
  // Everything else: Anna, admin of Praxis Sonnenschein, on Sonnenschein's data (or her own).
  return {
    user: 'anna',
    values: {
      id: DEMO_INSTITUTIONS.praxisSonnenschein,
      institution: DEMO_INSTITUTIONS.praxisSonnenschein,
      orderId: DEMO_ORDERS.sonnenscheinTi,
      userId: access ? DEMO_USERS.max : DEMO_USERS.anna,
      contractorId: DEMO_INSTITUTIONS.abrechnungszentrumNord,
      businessCaseId: DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER,
      businessCaseTypeId: DEMO_BUSINESS_CASE_TYPES.TIORDER,
      fromDate: '2026-03-02',
      toDate: '2026-03-06',
    },
  };
}

/** The current version of the demo tile the walk names (read before the walk). */
let tileVersion = 0;

/** A 1×1 PNG: a valid tile icon. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface MultipartForm {
  /** The part holding JSON, a valid value for it, and its schema (the contract's). */
  jsonPart: string;
  json: Record<string, unknown>;
  jsonSchema: Schema;
  /** The file part and valid content for it. */
  filePart: string;
  file: Buffer;
  fileType: string;
  /**
   * An empty file part is no file (browsers send one when none is chosen): on PUT of a tile it
   * keeps the current icon, a valid update. Not sent as hostile input there.
   */
  emptyFileIsNoFile?: boolean;
}

const tileJson = {
  name: 'Walk',
  target: '/orders',
  isInternal: true,
  tileType: 'PRIMARY',
  priority: 1,
  businessCaseTypeId: DEMO_BUSINESS_CASE_TYPES.TIORDER,
};
/** A JSON part's schema as the OpenAPI document would show it (multipart parts are not in it). */
const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

const tileForm: MultipartForm = {
  jsonPart: TILE_MULTIPART_JSON_PART,
  json: tileJson,
  jsonSchema: jsonSchemaOf(tileInput),
  filePart: TILE_MULTIPART_ICON_PART,
  file: PNG,
  fileType: 'image/png',
};

/**
 * The parts of the multipart routes (their bodies have no schema in the OpenAPI document). A
 * multipart route missing here still gets the generic broken-multipart requests.
 */
const MULTIPART_FORMS: Record<string, MultipartForm> = {
  'POST /api/institution/{id}/dashboard-tile': tileForm,
  'PUT /api/institution/{id}/dashboard-tile/{tileId}': {
    ...tileForm,
    json: { ...tileJson, version: 1 },
    jsonSchema: jsonSchemaOf(tileUpdateInput),
    emptyFileIsNoFile: true,
  },
  'POST /api/institution/{id}/business_case/{businessCaseId}/document': {
    jsonPart: 'metadata',
    json: { displayName: 'Walk', createdAt: '2026-03-02', type: 'invoice' },
    jsonSchema: jsonSchemaOf(documentUploadMetadata),
    filePart: 'file',
    file: Buffer.from('Walk\n'),
    fileType: 'text/plain',
  },
};

/**
 * Tables a refused request may rightly write, with the reason. Everything else must be the same
 * after the walk as before.
 */
const MAY_CHANGE: Record<string, string> = {
  rate_limit_hits: 'every request counts against the rate limit, refused ones too',
};

// ---------------------------------------------------------------------------------------------
// Valid examples from a schema, and whether a value conforms to one

const SAMPLE_STRINGS = [
  '2026-03-02',
  '12:00',
  '10115',
  '123456',
  'JBSWY3DPEHPK3PXP',
  '+49 30 1234567',
  '0'.repeat(64),
  DEMO_USERS.anna,
];

function example(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return 'Walk';
  if (schema.default !== undefined) return schema.default;
  if (schema.anyOf) {
    const branch = schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0];
    return example(branch, name);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type)
    ? (schema.type.find((item) => item !== 'null') ?? 'null')
    : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'date') return '2026-03-02';
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, 'u');
        return SAMPLE_STRINGS.find((sample) => pattern.test(sample)) ?? 'Walk';
      }
      if (/mail/i.test(name)) return 'walk@example.org';
      return 'Walk'.padEnd(schema.minLength ?? 0, 'k');
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, example(value, key)]),
      );
    default:
      return 'Walk';
  }
}

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value;

/**
 * Whether `value` conforms to `schema` as far as this walk can tell (the subset of JSON Schema
 * the zod schemas produce). Unknown keywords admit the value: only what is certainly refused
 * must get a 4xx.
 */
function conforms(schema: Schema | undefined, value: unknown): boolean {
  if (!schema) return true;
  if (schema.anyOf) return schema.anyOf.some((option) => conforms(option, value));
  if (schema.const !== undefined && value !== schema.const) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    const ok = types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
    if (!ok) return false;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) return false;
    if (schema.maxLength !== undefined && length > schema.maxLength) return false;
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return false;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value) && schema.items) {
    return value.every((item) => conforms(schema.items, item));
  }
  if (typeOf(value) === 'object' && schema.properties) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) return false;
    for (const [key, item] of Object.entries(record)) {
      const property = schema.properties[key];
      if (property) {
        if (!conforms(property, item)) return false;
      } else if (schema.additionalProperties === false) return false;
    }
  }
  return true;
}

/** A query value as the route would read it: numeric text as a number for numeric schemas. */
function queryConforms(schema: Schema | undefined, value: string): boolean {
  const numeric = JSON.stringify(schema ?? {}).match(/"type":"(integer|number)"/);
  if (numeric && /^-?\d+(\.\d+)?$/.test(value)) return conforms(schema, Number(value));
  return conforms(schema, value);
}

/** Date-looking parameters and fields: `format: date`, a JJJJ-MM-TT pattern, or the name. */
const isDateLike = (schema: Schema | undefined, name: string) =>
  schema?.format === 'date' ||
  (schema?.pattern ?? '').includes('\\d{4}-') ||
  /date$|At$/i.test(name);
const isIdLike = (schema: Schema | undefined, name: string) =>
  schema?.pattern === '^[0-9a-f-]{36}$' || /Id$/.test(name);
const isTimeLike = (schema: Schema | undefined) =>
  (schema?.pattern ?? '').includes('\\d{2}:\\d{2}');
const isStringLike = (schema: Schema | undefined): boolean =>
  !schema?.type && !schema?.anyOf
    ? true
    : schema.anyOf
      ? schema.anyOf.some(isStringLike)
      : [schema.type].flat().includes('string');
const isNumberLike = (schema: Schema | undefined): boolean =>
  schema?.anyOf
    ? schema.anyOf.some(isNumberLike)
    : [schema?.type].flat().some((type) => type === 'integer' || type === 'number');

/** Dates that look right but name no day PostgreSQL (or the calendar) knows. */
const IMPOSSIBLE_DATES = ['2026-02-30', '0000-01-01', '2026-13-01', '2025-02-29', '2026-00-10'];
const IMPOSSIBLE_TIMES = ['25:00', '12:60', '99:99', '24:01'];

// ---------------------------------------------------------------------------------------------
// The requests

interface Variant {
  label: string;
  /** Path with the parameters filled in (already encoded). */
  path?: Record<string, string>;
  /** Query parameters as raw `name=value` pairs (already encoded). */
  query?: string[];
  contentType?: string | null;
  payload?: string | Buffer;
  /** The input is certainly wrong: a 2xx would mean it was accepted. */
  invalid: boolean;
}

/** Raw path segments, none of them a valid value for any parameter of the API. */
const HOSTILE_SEGMENTS = [
  'not-a-uuid',
  'x'.repeat(300),
  'a'.repeat(36),
  '-'.repeat(36),
  '00000000-0000-0000-0000-00000000000g',
  '3F7160E7-2970-47C7-B55F-9FCB35B83336',
  '%00',
  'a%00b',
  '%0A',
  '%1F',
  '%7F',
  '%C2%9B',
  'a%C2%85b',
  '%ED%A0%80',
  '%E0%A4%A',
  '%C0%AE',
  '%20',
  '..%2F..%2Fetc',
  "1'%20OR%20'1'='1",
  '9'.repeat(40),
  '-1',
  '1.5',
  'null',
];

/** `key=value` with the value encoded, unless it is given raw (`%00`). */
const pair = (name: string, value: string, raw = false) =>
  `${encodeURIComponent(name)}=${raw ? value : encodeURIComponent(value)}`;

function pathVariants(operation: Operation): Variant[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .flatMap((parameter) =>
      HOSTILE_SEGMENTS.map((segment) => ({
        label: `path ${parameter.name}=${segment.slice(0, 40)}`,
        path: { [parameter.name]: segment },
        invalid: true,
      })),
    );
}

function queryVariants(operation: Operation, caller: Caller): Variant[] {
  const readOnly = operation.method === 'GET';
  const declared = operation.parameters.filter((parameter) => parameter.in === 'query');
  const valid = (parameter: Parameter) =>
    caller.values[parameter.name] ?? String(example(parameter.schema, parameter.name));
  const others = (except: string) =>
    declared
      .filter((parameter) => parameter.name !== except && parameter.required)
      .map((parameter) => pair(parameter.name, valid(parameter)));
  const variants: Variant[] = [
    { label: 'query NUL', query: ['walk=%00'], invalid: true },
    { label: 'query control', query: ['walk=a%1Bb'], invalid: true },
    { label: 'query C1 control', query: ['walk=a%C2%9Bb'], invalid: true },
    { label: 'query lone surrogate', query: ['walk=%ED%A0%80'], invalid: true },
    { label: 'query bad escape', query: ['walk=%E0%A4%A'], invalid: true },
  ];
  if (readOnly) {
    // Unknown parameters are ignored: any answer but a 5xx.
    variants.push(
      { label: 'query unknown long', query: [pair('walk', 'x'.repeat(10_000))], invalid: false },
      { label: 'query unknown nested', query: ['walk[a][b]=1', 'walk=2'], invalid: false },
    );
  }
  for (const parameter of declared) {
    const name = parameter.name;
    const rest = others(name);
    if (parameter.required) {
      variants.push({ label: `query ${name} missing`, query: rest, invalid: true });
    }
    const values: [string, boolean][] = [
      ['', false],
      ['not-valid', false],
      ['x'.repeat(10_000), false],
      ['1.5', false],
      ['-1', false],
      ['0', false],
      ['99999999999999999999', false],
      ['NaN', false],
      ['1e400', false],
      ['a\u0000b', true],
      ['a\u009bb', true],
      ['a\ud800b', true],
    ];
    if (isDateLike(parameter.schema, name)) {
      for (const date of IMPOSSIBLE_DATES) values.push([date, true]);
    }
    if (isIdLike(parameter.schema, name)) {
      // Ids of the right shape that name nothing: a read may answer empty, never 5xx.
      values.push(['-'.repeat(36), false], ['a'.repeat(36), false]);
    }
    for (const [value, certainlyInvalid] of values) {
      const invalid = certainlyInvalid || !queryConforms(parameter.schema, value);
      if (!invalid && !readOnly) continue;
      variants.push({
        label: `query ${name}=${JSON.stringify(value.slice(0, 30))}`,
        // encodeURIComponent throws on a lone surrogate: write its UTF-8 form by hand.
        query: [
          ...rest,
          value.includes('\ud800') ? `${encodeURIComponent(name)}=a%ED%A0%80b` : pair(name, value),
        ],
        invalid,
      });
    }
    // Arrays instead of a scalar: the parameter twice.
    const twice = [pair(name, valid(parameter)), pair(name, valid(parameter))];
    const arrayInvalid = !conforms(parameter.schema, [valid(parameter), valid(parameter)]);
    if (arrayInvalid || readOnly) {
      variants.push({
        label: `query ${name} twice`,
        query: [...rest, ...twice],
        invalid: arrayInvalid,
      });
    }
  }
  return variants;
}

/** `n` arrays deep. */
const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
/** `n` objects deep. */
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** A JSON text of `value` where the string `"@@RAW@@"` becomes `raw` (numbers JSON cannot hold). */
const withRaw = (value: unknown, raw: string) => JSON.stringify(value).replace('"@@RAW@@"', raw);

/** Values of one field: hostile ones, each with whether it is certainly invalid regardless. */
function fieldValues(schema: Schema | undefined, name: string): [unknown, boolean, string?][] {
  const values: [unknown, boolean, string?][] = [
    [null, false],
    [12345, false],
    [true, false],
    ['text', false],
    [{}, false],
    [[], false],
    [{ $gt: '' }, false],
    ['@@RAW@@', false, deepArray(5_000)],
    ['@@RAW@@', false, deepObject(5_000)],
  ];
  if (isIdLike(schema, name)) {
    // The contract's id pattern (36 hex digits and hyphens) admits these; they name nothing.
    values.push(['-'.repeat(36), true], ['a'.repeat(36), true], ['0'.repeat(36), true]);
  }
  if (isStringLike(schema)) {
    values.push(
      ['', false],
      ['x'.repeat(10_000), false],
      ['a\u0000b', true],
      ['a\u001bb', true],
      // C1 controls: CSI and NEL.
      ['a\u009bb', true],
      ['a\u0085b', true],
      ['a\ud800b', true],
      ['\udfff', true],
      ['  ', false],
      // Text to a free-text field, refused by a one-line field's pattern (names, titles, …).
      ['a\nb', false],
      ['a\r\nb', false],
      ['a\tb', false],
      ['a\u202eb', false],
    );
  }
  if (isNumberLike(schema)) {
    values.push(
      [-1, false],
      [0, false],
      [1.5, false],
      [1e308, false],
      [-1e308, false],
      [2 ** 53 + 2, false],
      ['1', false],
      ['@@RAW@@', false, '1e400'],
      ['@@RAW@@', false, '-1e400'],
      ['@@RAW@@', false, '123456789012345678901234567890'],
    );
  }
  if (schema?.enum || schema?.anyOf?.some((option) => option.enum)) {
    const first = String(example(schema, name));
    values.push(['WALK', false], [first.toLowerCase(), false], [` ${first}`, false]);
  }
  if (isDateLike(schema, name)) {
    for (const date of IMPOSSIBLE_DATES) values.push([date, true]);
    values.push(['2026-03-02T00:00:00Z', false], ['02.03.2026', false], ['+002026-03-02', false]);
  }
  if (isTimeLike(schema)) for (const time of IMPOSSIBLE_TIMES) values.push([time, true]);
  return values;
}

function jsonBodyVariants(schema: Schema | undefined, base: unknown): Variant[] {
  const json = 'application/json';
  const text = JSON.stringify(base);
  const variants: Variant[] = [
    { label: 'body not JSON', contentType: json, payload: '{"a":', invalid: true },
    { label: 'body trailing garbage', contentType: json, payload: `${text} x`, invalid: true },
    { label: 'body single quotes', contentType: json, payload: "{'a':1}", invalid: true },
    { label: 'body xml', contentType: 'application/xml', payload: '<a/>', invalid: true },
    {
      label: 'body json as text/plain',
      contentType: 'text/plain',
      payload: text,
      invalid: true,
    },
    {
      label: 'body json as form',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'a=1',
      invalid: true,
    },
    { label: 'body without content-type', contentType: null, payload: text, invalid: true },
    { label: 'body empty', contentType: json, payload: '', invalid: !conforms(schema, null) },
    { label: 'body deep arrays', contentType: json, payload: deepArray(100_000), invalid: true },
    {
      label: 'body deep objects',
      contentType: json,
      payload: deepObject(5_000),
      // Deep but well-formed: refused unless the schema lets an unknown field `a` be ignored.
      invalid: !conforms(schema, JSON.parse(deepObject(5_000))),
    },
    {
      label: 'body __proto__',
      contentType: json,
      payload: '{"__proto__":{"isAdmin":true}}',
      invalid: true,
    },
    {
      label: 'body constructor.prototype',
      contentType: json,
      payload: '{"constructor":{"prototype":{"isAdmin":true}}}',
      invalid: true,
    },
    {
      label: 'body 2 MB',
      contentType: json,
      payload: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
      invalid: true,
    },
  ];
  for (const [value, label] of [
    [[base], 'array'],
    [null, 'null'],
    [42, 'number'],
    ['text', 'string'],
    [true, 'boolean'],
    [{}, 'empty object'],
    [{ walk: 1 }, 'unknown object'],
  ] as const) {
    if (conforms(schema, value)) continue;
    variants.push({
      label: `body ${label}`,
      contentType: json,
      payload: JSON.stringify(value),
      invalid: true,
    });
  }
  const object = typeOf(base) === 'object' && schema?.properties;
  if (!object) {
    // A body that is one value (a password as a JSON string): the value itself is hostile.
    for (const [value, certainlyInvalid, raw] of fieldValues(schema, 'body')) {
      const invalid = certainlyInvalid || !conforms(schema, raw ? JSON.parse(raw) : value);
      if (!invalid) continue;
      variants.push({
        label: `body = ${raw ? raw.slice(0, 20) : JSON.stringify(value).slice(0, 30)}`,
        contentType: json,
        payload: raw ? withRaw(value, raw) : JSON.stringify(value),
        invalid,
      });
    }
    return variants.filter((variant) => variant.invalid);
  }
  const record = base as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (schema.required?.includes(name)) {
      const { [name]: _removed, ...rest } = record;
      variants.push({
        label: `body ${name} missing`,
        contentType: json,
        payload: JSON.stringify(rest),
        invalid: true,
      });
    }
    for (const [value, certainlyInvalid, raw] of fieldValues(property, name)) {
      const mutated = { ...record, [name]: raw ? JSON.parse(raw) : value };
      const invalid = certainlyInvalid || !conforms(schema, mutated);
      // Writes only with input that must be refused: nothing valid is ever sent.
      if (!invalid) continue;
      variants.push({
        label: `body ${name}=${raw ? raw.slice(0, 20) : JSON.stringify(value).slice(0, 30)}`,
        contentType: json,
        payload: raw ? withRaw({ ...record, [name]: value }, raw) : JSON.stringify(mutated),
        invalid,
      });
    }
  }
  if (schema.additionalProperties === false) {
    variants.push({
      label: 'body unknown field',
      contentType: json,
      payload: JSON.stringify({ ...record, walk: 1 }),
      invalid: true,
    });
  }
  // Bodies go to writes only: nothing that might be valid is sent.
  return variants.filter((variant) => variant.invalid);
}

/** A multipart body with boundary `walk` from parts `[headers, content]`; `end` closes it. */
function multipart(parts: [string, string | Buffer][], end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const [headers, content] of parts) {
    chunks.push(
      Buffer.from(`--walk\r\n${headers}\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    );
  }
  if (end) chunks.push(Buffer.from('--walk--\r\n'));
  return Buffer.concat(chunks);
}
const field = (name: string) => `Content-Disposition: form-data; name="${name}"`;
const filePart = (name: string, type: string, fileName = 'walk.bin') =>
  `Content-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}`;

/** Broken multipart for any route that takes a body other than JSON. */
function multipartVariants(form: MultipartForm | undefined): Variant[] {
  const type = 'multipart/form-data; boundary=walk';
  const variants: Variant[] = [
    {
      label: 'multipart without boundary',
      contentType: 'multipart/form-data',
      payload: multipart([[field('a'), 'b']]),
      invalid: true,
    },
    {
      label: 'multipart empty boundary',
      contentType: 'multipart/form-data; boundary=',
      payload: '--\r\n',
      invalid: true,
    },
    {
      label: 'multipart boundary too long',
      contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
      payload: multipart([[field('a'), 'b']]),
      invalid: true,
    },
    { label: 'multipart garbage', contentType: type, payload: 'garbage', invalid: true },
    { label: 'multipart empty', contentType: type, payload: '', invalid: true },
    { label: 'multipart no parts', contentType: type, payload: '--walk--\r\n', invalid: true },
    {
      label: 'multipart unterminated',
      contentType: type,
      payload: multipart([[field('a'), 'b']], false),
      invalid: true,
    },
    {
      label: 'multipart part without disposition',
      contentType: type,
      payload: multipart([['Content-Type: text/plain', 'x']]),
      invalid: true,
    },
    {
      label: 'multipart part without name',
      contentType: type,
      payload: multipart([['Content-Disposition: form-data', 'x']]),
      invalid: true,
    },
    {
      label: 'multipart NUL in part name',
      contentType: type,
      payload: multipart([[field('a\u0000b'), 'x']]),
      invalid: true,
    },
    {
      label: 'multipart mixed',
      contentType: 'multipart/mixed; boundary=walk',
      payload: multipart([[field('a'), 'b']]),
      invalid: true,
    },
    {
      label: 'multipart as broken JSON',
      contentType: 'application/json',
      payload: '{"a":',
      invalid: true,
    },
    { label: 'multipart as xml', contentType: 'application/xml', payload: '<a/>', invalid: true },
  ];
  if (!form) return variants;
  const jsonText = JSON.stringify(form.json);
  const file = [filePart(form.filePart, form.fileType), form.file] as [string, Buffer];
  const withJson = (text: string, label: string, asFile = false): Variant => ({
    label: `multipart ${form.jsonPart} ${label}`,
    contentType: type,
    payload: multipart([
      [
        asFile ? filePart(form.jsonPart, 'application/json', 'walk.json') : field(form.jsonPart),
        text,
      ],
      file,
    ]),
    invalid: true,
  });
  variants.push(
    {
      label: 'multipart as JSON',
      contentType: 'application/json',
      payload: jsonText,
      invalid: true,
    },
    withJson('{"a":', 'not JSON'),
    withJson('{"a":', 'not JSON, as a file', true),
    withJson(JSON.stringify([form.json]), 'array'),
    withJson('null', 'null'),
    withJson('"text"', 'string'),
    withJson(deepArray(100_000), 'deep arrays'),
    withJson('{"__proto__":{"isAdmin":true}}', '__proto__'),
    {
      label: `multipart ${form.jsonPart} missing`,
      contentType: type,
      payload: multipart([file]),
      invalid: true,
    },
    ...(form.emptyFileIsNoFile
      ? []
      : [
          {
            label: `multipart ${form.filePart} empty`,
            contentType: type,
            payload: multipart([
              [field(form.jsonPart), jsonText],
              [filePart(form.filePart, form.fileType), ''],
            ]),
            invalid: true,
          },
        ]),
    {
      label: `multipart ${form.filePart} not a file type`,
      contentType: type,
      payload: multipart([
        [field(form.jsonPart), jsonText],
        [
          filePart(form.filePart, 'application/x-msdownload'),
          Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
        ],
      ]),
      invalid: true,
    },
    {
      label: `multipart ${form.filePart} as a field`,
      contentType: type,
      payload: multipart([
        [field(form.jsonPart), jsonText],
        [field(form.filePart), 'x'],
      ]),
      invalid: true,
    },
    {
      label: 'multipart unknown file part',
      contentType: type,
      payload: multipart([
        [field(form.jsonPart), jsonText],
        [filePart('walk', 'image/png'), PNG],
      ]),
      invalid: true,
    },
    {
      label: 'multipart NUL in part value',
      contentType: type,
      payload: multipart([
        [field(form.jsonPart), `${jsonText.slice(0, -1)},"walk":"a\u0000b"}`],
        file,
      ]),
      invalid: true,
    },
    {
      label: 'multipart unterminated after JSON',
      contentType: type,
      payload: multipart([[field(form.jsonPart), jsonText], file], false),
      invalid: true,
    },
    {
      label: 'multipart many parts',
      contentType: type,
      payload: multipart([
        ...Array.from({ length: 50 }, (_, index): [string, string] => [field(`f${index}`), 'x']),
        [field(form.jsonPart), jsonText],
        file,
      ]),
      invalid: true,
    },
  );
  // The JSON part's fields, as in JSON bodies (the schema is the contract's, not in the document).
  for (const name of Object.keys(form.json)) {
    const schema = form.jsonSchema.properties?.[name];
    for (const [hostile, certainlyInvalid, raw] of fieldValues(schema, name)) {
      if (!certainlyInvalid && conforms(schema, raw ? JSON.parse(raw) : hostile)) continue;
      const mutated = { ...form.json, [name]: hostile };
      variants.push(
        withJson(
          raw ? withRaw(mutated, raw) : JSON.stringify(mutated),
          `${name}=${raw ? raw.slice(0, 20) : JSON.stringify(hostile).slice(0, 30)}`,
        ),
      );
    }
  }
  return variants;
}

// ---------------------------------------------------------------------------------------------

describe('hostile input on every /api route of the OpenAPI document', () => {
  let t: TestApp;
  let operations: Operation[];
  const tokens = new Map<DemoUserKey, string>();

  beforeAll(async () => {
    // The walk sends hundreds of requests per user in seconds: no 429 may hide an answer.
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
    const [tile] = await queryRows<{ version: number }>(
      t.app.db,
      sql`select version from tile_definitions where id = ${DEMO_TILES.bankAccount}`,
    );
    tileVersion = tile?.version ?? 0;
    const update = MULTIPART_FORMS['PUT /api/institution/{id}/dashboard-tile/{tileId}'];
    if (update) update.json = { ...update.json, version: tileVersion };
    // Signed before the walk: the first token creates the signing key (identity_secrets).
    for (const user of ['anna', 'tom', 'sara'] as const) await tokenOf(user);
    operations = openApiOperations<Operation>(
      t.app,
      (path) => path.startsWith('/api/') && !path.startsWith('/api/docs'),
    );
  });
  afterAll(() => t.close());

  async function tokenOf(user: DemoUserKey): Promise<string> {
    let token = tokens.get(user);
    if (!token) {
      token = await demoToken(t, user, {}, { expiresIn: 600 });
      tokens.set(user, token);
    }
    return token;
  }

  /** A digest of every table's rows, by table. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = await queryRows<{ name: string }>(
      t.app.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const digests: Record<string, string> = {};
    for (const { name } of tables) {
      if (name in MAY_CHANGE) continue;
      const rows = await queryRows<{ row: string }>(
        t.app.db,
        sql`select t::text as row from ${sql.identifier(name)} t order by 1`,
      );
      digests[name] = createHash('sha256')
        .update(rows.map((row) => row.row).join('\n'))
        .digest('hex');
    }
    return digests;
  }

  function variantsOf(operation: Operation, caller: Caller): Variant[] {
    const key = `${operation.method} ${operation.openApiPath}`;
    const variants = [...pathVariants(operation), ...queryVariants(operation, caller)];
    if (['GET', 'DELETE'].includes(operation.method) && !operation.requestBody) return variants;
    const json = operation.requestBody?.content?.['application/json'];
    if (json) {
      variants.push(...jsonBodyVariants(json.schema, example(json.schema)));
    } else {
      // No JSON body in the document: multipart (tiles, documents) or nothing at all.
      variants.push(...multipartVariants(MULTIPART_FORMS[key]));
    }
    return variants;
  }

  async function send(operation: Operation, caller: Caller, variant: Variant) {
    const path = operation.openApiPath.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      variant.path?.[name] !== undefined
        ? variant.path[name]
        : encodeURIComponent(caller.values[name] ?? String(example(undefined, name))),
    );
    const query =
      variant.query ??
      operation.parameters
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) =>
          pair(
            parameter.name,
            caller.values[parameter.name] ?? String(example(parameter.schema, parameter.name)),
          ),
        );
    const headers: Record<string, string> = bearer(await tokenOf(caller.user));
    if (variant.contentType) headers['content-type'] = variant.contentType;
    const answer = t.app.inject({
      method: operation.method as 'GET',
      url: query.length > 0 ? `${path}?${query.join('&')}` : path,
      headers,
      ...(variant.payload !== undefined ? { payload: variant.payload } : {}),
    });
    // A request left without an answer is a defect too (a client would wait until it gives up).
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ANSWER_WITHIN_MS);
    });
    try {
      return await Promise.race([answer, silence]);
    } finally {
      clearTimeout(timer);
    }
  }

  function verdict(
    response: LightMyRequestResponse | undefined,
    variant: Variant,
  ): string | undefined {
    if (!response) return `no answer within ${ANSWER_WITHIN_MS} ms`;
    const status = response.statusCode;
    if (status >= 500) return `${status} ${response.body.slice(0, 200)}`;
    if (status === 401 || status === 429) return `${status}: the walk itself is broken`;
    if (status >= 400) {
      const type = String(response.headers['content-type'] ?? '');
      if (!PROBLEM.test(type)) return `${status} with content-type ${type}`;
      // Field messages are German (decision 003), zod's English defaults included.
      const errors = (response.json() as { errors?: { message: string }[] }).errors ?? [];
      const english = errors.find((error) => ENGLISH.test(error.message));
      return english ? `${status} with an English field message: ${english.message}` : undefined;
    }
    if (variant.invalid) return `${status}: accepted`;
    return status >= 200 && status < 300 ? undefined : `${status}`;
  }

  it('answers 4xx problem+json to every hostile request, and changes nothing', async () => {
    // Valid reads first: what a route creates on first use (signing and analytics keys) is
    // there before the snapshot, and a read that fails with valid input would hide nothing.
    for (const operation of operations.filter((item) => item.method === 'GET')) {
      for (const caller of callersFor(
        t.app.institutionRoutes.get(`${operation.method} ${operation.fastifyPath}`),
      )) {
        const valid = await send(operation, caller, { label: 'valid', invalid: false });
        expect(
          valid?.statusCode,
          `${operation.openApiPath} with valid input as ${caller.user}`,
        ).toBeLessThan(500);
      }
    }
    const before = await snapshot();
    const failures: string[] = [];
    let requests = 0;
    const covered = new Set<string>();
    for (const operation of operations) {
      const key = `${operation.method} ${operation.openApiPath}`;
      const callers = callersFor(
        t.app.institutionRoutes.get(`${operation.method} ${operation.fastifyPath}`),
      );
      for (const caller of callers) {
        for (const variant of variantsOf(operation, caller)) {
          const response = await send(operation, caller, variant);
          requests += 1;
          covered.add(key);
          const problem = verdict(response, variant);
          const who = callers.length > 1 ? ` as ${caller.user}` : '';
          if (problem) failures.push(`${key} [${variant.label}]${who}: ${problem}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(operations.length * 10);
    expect(failures).toEqual([]);
    expect(covered.size).toBe(operations.length);
    expect(await snapshot()).toEqual(before);
  });
});
