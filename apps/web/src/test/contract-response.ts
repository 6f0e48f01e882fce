import { problem as problemSchema } from '@portal/contract';
import { HttpResponse } from 'msw';
import type { z } from 'zod';

/**
 * An MSW JSON answer whose body is first parsed by the contract's zod schema (the same one the
 * server's OpenAPI routes use), so component-test mocks cannot drift from the server: a mock
 * with a missing or mistyped field throws in the test.
 */
export function contractJson<Schema extends z.ZodType>(
  schema: Schema,
  body: z.input<Schema>,
  init?: ResponseInit,
) {
  return HttpResponse.json(schema.parse(body) as never, init);
}

/**
 * A problem+json error answer, checked against the contract's problem schema (`errors`: the
 * fields the server names, as its 400 answers do).
 */
export function contractProblem(
  status: number,
  title: string,
  detail?: string,
  errors?: { path: string; message: string }[],
) {
  const body = problemSchema.parse({ type: 'about:blank', title, status, detail, errors });
  return HttpResponse.json(body, {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}
