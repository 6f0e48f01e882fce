import { problem } from '@portal/contract';

const describedProblem = (description: string) => problem.describe(description);

const PROBLEMS = {
  400: describedProblem('Ungültige Anfrage (problem+json, `errors` nennt die Felder)'),
  401: describedProblem('Kein oder ungültiges Zugriffstoken (problem+json)'),
  403: describedProblem('Nicht erlaubt (problem+json)'),
  404: describedProblem('Nicht gefunden (problem+json)'),
  409: describedProblem('Konflikt (problem+json)'),
} as const;

type ProblemStatus = keyof typeof PROBLEMS;

/** Problem answers for a route's `response` schema, so that they appear in the OpenAPI document. */
export function problemResponses<const S extends ProblemStatus>(
  ...statuses: S[]
): { [K in S]: (typeof PROBLEMS)[K] } {
  return Object.fromEntries(statuses.map((status) => [status, PROBLEMS[status]])) as {
    [K in S]: (typeof PROBLEMS)[K];
  };
}

/** Security requirement of a public route in the OpenAPI document: no token. */
export const NO_SECURITY: { [name: string]: string[] }[] = [];
