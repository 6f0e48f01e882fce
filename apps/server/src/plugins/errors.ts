import { STATUS_CODES } from 'node:http';
import type { Problem } from '@portal/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '../messages';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

interface ProblemOptions {
  /** A URI naming the problem type; `about:blank` when the status says it all. */
  type?: string;
  /** Short summary; defaults to the status phrase. */
  title?: string;
  /** Human-readable (German) explanation of this occurrence. */
  detail?: string;
  errors?: { path: string; message: string }[];
  /** Extra response headers, e.g. `WWW-Authenticate`. */
  headers?: Record<string, string>;
}

/**
 * An error that becomes an RFC 9457 problem answer. Throw it from any route, hook or service;
 * the central error handler turns it into `application/problem+json`.
 */
export class ProblemError extends Error {
  readonly statusCode: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: { path: string; message: string }[] | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, options: ProblemOptions = {}) {
    super(options.detail ?? options.title ?? STATUS_CODES[status] ?? 'Error');
    this.name = 'ProblemError';
    this.statusCode = status;
    this.type = options.type ?? 'about:blank';
    this.title = options.title ?? STATUS_CODES[status] ?? 'Error';
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  toProblem(): Problem {
    return {
      type: this.type,
      title: this.title,
      status: this.statusCode,
      ...(this.detail !== undefined ? { detail: this.detail } : {}),
      ...(this.errors !== undefined ? { errors: this.errors } : {}),
    };
  }
}

export const badRequest = (detail: string, errors?: { path: string; message: string }[]) =>
  new ProblemError(400, { detail, ...(errors ? { errors } : {}) });
export const unauthorized = (detail: string, headers: Record<string, string> = {}) =>
  new ProblemError(401, {
    detail,
    headers: { 'www-authenticate': 'Bearer realm="portal"', ...headers },
  });
export const forbidden = (detail: string) => new ProblemError(403, { detail });
export const notFound = (detail: string = messages.notFound) => new ProblemError(404, { detail });
export const conflict = (detail: string) => new ProblemError(409, { detail });

/** Seconds a client waits before asking again while the service is unavailable. */
const RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After: the database is away for now, or the server is stopping. */
export const serviceUnavailable = () =>
  new ProblemError(503, {
    detail: messages.serviceUnavailable,
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });

/** Seconds before a full disk is worth trying again: someone has to make room first. */
const STORAGE_RETRY_AFTER_SECONDS = 300;

/**
 * 503 with Retry-After: the database or the document store has no room left (the operator sees
 * the cause in the log, at error level as every 5xx).
 */
export const storageFull = () =>
  new ProblemError(503, {
    detail: messages.storageFull,
    headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
  });

/**
 * Whether `error` (or a cause of it) says there is no room left: PostgreSQL's disk full or out
 * of memory (53100, 53200), a file system full or over its quota (ENOSPC, EDQUOT) under the
 * document store or PGlite's data folder.
 */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '53100' || code === '53200' || code === 'ENOSPC' || code === 'EDQUOT') {
      return true;
    }
    current = cause;
  }
  return false;
}

/** Seconds before a mail is worth trying again (the mail server was unreachable or refused). */
const MAIL_RETRY_AFTER_SECONDS = 60;

/** 503 with Retry-After: a mail the request depends on could not be handed to the mail server. */
export const mailUnavailable = () =>
  new ProblemError(503, {
    detail: messages.mailUnavailable,
    headers: { 'retry-after': String(MAIL_RETRY_AFTER_SECONDS) },
  });

/** Sends a problem answer; used by the error and not-found handlers. */
export function sendProblem(reply: FastifyReply, problem: Problem, headers = {}) {
  return reply
    .code(problem.status)
    .headers(headers)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .header('cache-control', 'no-store')
    .send(problem);
}

type ValidationError = FastifyError & {
  validation: { instancePath?: string; message?: string }[];
  validationContext?: string;
};

function isValidationError(error: unknown): error is ValidationError {
  return (
    typeof error === 'object' &&
    error !== null &&
    Array.isArray((error as { validation?: unknown }).validation)
  );
}

/** Network errors of a database connection: PostgreSQL cannot be reached. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);

/**
 * Whether `error` (or a cause of it) says the database is unavailable for now, not that the
 * statement is wrong: it cannot be reached, the connection broke, it is starting or shutting
 * down (57P01–57P03), it has no connection left (53300), any connection exception (08…).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (UNREACHABLE.has(code) || code.startsWith('08') || code === '53300') return true;
      if (code === '57P01' || code === '57P02' || code === '57P03') return true;
    }
    if (
      typeof message === 'string' &&
      /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
        message,
      )
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}

/**
 * Fastify's refusals of a request it cannot read (its codes `FST_ERR_…`), in German: the
 * portal's answers are German, and Fastify's messages are English ('Body is not valid JSON but
 * content-type is set to …'). Undefined for other errors.
 */
function fastifyClientMessage(error: unknown): string | undefined {
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (typeof code !== 'string' || !code.startsWith('FST_ERR_')) return undefined;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return messages.invalidJson;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return messages.unsupportedMediaType;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return messages.bodyTooLarge;
    default:
      return statusCode === 413
        ? messages.bodyTooLarge
        : statusCode === 415
          ? messages.unsupportedMediaType
          : messages.badRequest;
  }
}

/** Turns any thrown value into a problem; only 4xx answers say what went wrong. */
export function toProblem(error: unknown): { problem: Problem; headers: Record<string, string> } {
  if (error instanceof ProblemError) return { problem: error.toProblem(), headers: error.headers };

  if (isDatabaseUnavailable(error)) return toProblem(serviceUnavailable());
  if (isStorageFull(error)) return toProblem(storageFull());

  if (isValidationError(error)) {
    const context = error.validationContext ?? 'request';
    const errors = error.validation.map((issue) => {
      const pointer = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      return {
        path: pointer ? `${context}.${pointer}` : context,
        message: issue.message ?? messages.invalidValue,
      };
    });
    return {
      problem: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: messages.invalidValues,
        errors,
      },
      headers: {},
    };
  }

  const statusCode =
    typeof (error as { statusCode?: unknown })?.statusCode === 'number'
      ? (error as { statusCode: number }).statusCode
      : 500;
  // A failing response schema is our fault, never the client's.
  if (
    statusCode >= 500 ||
    statusCode < 400 ||
    (error instanceof Error && isResponseSerializationError(error as never))
  ) {
    return {
      problem: {
        type: 'about:blank',
        title: 'Internal Server Error',
        status: 500,
        detail: messages.internalError,
      },
      headers: {},
    };
  }
  // Other 4xx errors (the rate limit's, multipart's): their messages are meant for clients and
  // contain no internals. Fastify's own are English, and answered in German.
  const message =
    fastifyClientMessage(error) ?? (error instanceof Error ? error.message : undefined);
  return {
    problem: {
      type: 'about:blank',
      title: STATUS_CODES[statusCode] ?? 'Error',
      status: statusCode,
      ...(message ? { detail: message } : {}),
    },
    headers: {},
  };
}

/**
 * The one error handler: every error answer is `application/problem+json` (RFC 9457), no stack
 * traces leave the server, 5xx answers are logged with their cause.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const { problem, headers } = toProblem(error);
      if (problem.status >= 500) {
        request.log.error({ err: error }, 'request failed');
        // The occurrence, by the request id its log lines carry: what a user reports finds them.
        problem.instance = `urn:uuid:${request.id}`;
      } else if (problem.status === 429) {
        request.log.warn({ ip: request.ip }, 'rate limit exceeded');
      }
      // The rate limiter sets Retry-After on the reply before throwing: keep it.
      return sendProblem(reply, problem, headers);
    });

    // Every route pattern with its methods, to tell "no such path" (404) from "no such method
    // on this path" (405 with Allow).
    const patterns: { regex: RegExp; methods: Set<string> }[] = [];
    app.addHook('onRoute', (route) => {
      // Catch-all routes (the app's `/*`) own no path: they must not turn 404 into 405.
      if (route.url.includes('*')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const regex = patternToRegex(route.url);
      const known = patterns.find((entry) => entry.regex.source === regex.source);
      if (known) for (const method of methods) known.methods.add(method);
      else patterns.push({ regex, methods: new Set(methods) });
    });
    const allowedMethods = (path: string): string[] => {
      const methods = new Set<string>();
      for (const entry of patterns) {
        if (entry.regex.test(path)) for (const method of entry.methods) methods.add(method);
      }
      return [...methods].sort();
    };

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const allowed = allowedMethods(path);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        const allow = allowed.join(', ');
        return sendProblem(
          reply,
          {
            type: 'about:blank',
            title: 'Method Not Allowed',
            status: 405,
            detail: messages.methodNotAllowed(request.method, allow),
          },
          { allow },
        );
      }
      return sendProblem(reply, {
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: messages.pathNotFound(request.method, path),
      });
    });
  },
  { name: 'errors' },
);

/** A Fastify route pattern (`/a/:id/b`, `/files/*`) as a regular expression for paths. */
export function patternToRegex(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|:[A-Za-z0-9_]+(?:\([^)]*\))?)/)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      return part === '*' ? '.*' : '[^/]+';
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * The answer to a URL Fastify cannot decode (`FST_ERR_BAD_URL`, e.g. `/api/%E0%A4%A`): a
 * problem+json 400 like every other error. Fastify calls this before any hook runs, so the
 * security headers are applied here by `applySecurityHeaders`.
 */
export function badUrlAnswer(
  applySecurityHeaders: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void,
) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    applySecurityHeaders(request, reply, () => {
      void sendProblem(reply, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: messages.badUrl,
      });
    });
}
