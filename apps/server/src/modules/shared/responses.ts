import { problem } from '@portal/contract';
import { problemDescriptions } from '../../messages';

const describedProblem = (description: string) => problem.describe(description);

const PROBLEMS = {
  400: describedProblem(problemDescriptions[400]),
  401: describedProblem(problemDescriptions[401]),
  403: describedProblem(problemDescriptions[403]),
  404: describedProblem(problemDescriptions[404]),
  409: describedProblem(problemDescriptions[409]),
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
