import type { FastifyInstance } from 'fastify';

/** What every walked operation has: its method, its path as OpenAPI and as Fastify write it. */
export interface WalkedOperation {
  method: string;
  openApiPath: string;
  fastifyPath: string;
  parameters: unknown[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every operation of the app's OpenAPI document (the route walks: tenant scope, hostile input),
 * the paths that `include` keeps; `Op` names the fields of the document a walk reads.
 */
export function openApiOperations<Op extends WalkedOperation>(
  app: FastifyInstance,
  include: (openApiPath: string) => boolean = () => true,
): Op[] {
  const document = app.swagger() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  return Object.entries(document.paths)
    .filter(([openApiPath]) => include(openApiPath))
    .flatMap(([openApiPath, methods]) =>
      Object.entries(methods)
        .filter(([method]) => METHODS.includes(method))
        .map(
          ([method, operation]) =>
            ({
              ...operation,
              parameters: (operation.parameters as unknown[] | undefined) ?? [],
              method: method.toUpperCase(),
              openApiPath,
              fastifyPath: openApiPath.replace(/\{([^}]+)\}/g, ':$1'),
            }) as unknown as Op,
        ),
    );
}
