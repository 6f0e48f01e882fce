import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validationMessages as text } from '../messages';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const quote = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));
const limit = (value: unknown) =>
  typeof value === 'bigint' || typeof value === 'number' ? value.toString() : String(value);

/**
 * German messages for what a schema refuses without a message of its own. Given per parse, so
 * a schema's own message (the contract's 'Pflichtfeld', 'Ungültige Kennung', …) still wins;
 * zod's English defaults never reach an answer. Operator-facing texts (the configuration's
 * errors at start) keep zod's English: only API answers use this.
 */
export const germanErrorMap: z.core.$ZodErrorMap = (issue: Issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return text.required;
      return text.expected(text.types[issue.expected] ?? text.otherType);
    }
    case 'too_small': {
      const n = Number(issue.minimum);
      switch (issue.origin) {
        case 'string':
          return n === 1 ? text.required : text.minLength(n);
        case 'array':
        case 'set':
          return text.minItems(n);
        case 'file':
          return text.minBytes(n);
        default:
          return issue.inclusive === false
            ? text.greaterThan(limit(issue.minimum))
            : text.atLeast(limit(issue.minimum));
      }
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      switch (issue.origin) {
        case 'string':
          return text.maxLength(n);
        case 'array':
        case 'set':
          return text.maxItems(n);
        case 'file':
          return text.maxBytes(n);
        default:
          return issue.inclusive === false
            ? text.lessThan(limit(issue.maximum))
            : text.atMost(limit(issue.maximum));
      }
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? text.exactly(quote(issue.values[0]))
        : text.oneOf(issue.values.map(quote).join(', '));
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return text.email;
        case 'date':
          return text.date;
        case 'datetime':
          return text.dateTime;
        case 'time':
          return text.time;
        case 'url':
          return text.url;
        case 'uuid':
        case 'guid':
          return text.identifier;
        default:
          return text.format;
      }
    case 'not_multiple_of':
      return text.multipleOf(limit(issue.divisor));
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? text.unknownField(issue.keys[0] ?? '')
        : text.unknownFields(issue.keys.join(', '));
    case 'invalid_key':
      return text.invalidKey;
    case 'invalid_element':
      return text.invalidEntry;
    default:
      return text.invalidValue;
  }
};

/** `schema.safeParse` with the German messages. */
export const safeParseGerman = <S extends z.ZodType>(schema: S, value: unknown) =>
  schema.safeParse(value, { error: germanErrorMap }) as z.ZodSafeParseResult<z.output<S>>;

/**
 * Fastify's validator for the routes' zod schemas: fastify-type-provider-zod's, but parsing
 * with {@link germanErrorMap}. The issues keep their paths (`instancePath`), which the error
 * handler turns into `errors[].path` (plugins/errors.ts).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParseGerman(schema, data);
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
        message: issue.message,
        params: {},
      })),
    } as unknown as { error: Error };
  };
