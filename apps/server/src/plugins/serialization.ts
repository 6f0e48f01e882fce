import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/** Answers made with {@link frozenAnswer}: deeply frozen, so their JSON can never go stale. */
const frozenAnswers = new WeakSet<object>();

/** Freezes an object and everything it holds (arrays and plain objects alike). */
export function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

/**
 * Marks an answer that a route sends again and again unchanged (one kept in a cache with exact
 * invalidation): it is frozen, deeply, and the route's serializer validates and writes it once,
 * then sends the same JSON for as long as the cache keeps the object. A change makes the cache
 * load a new object, which is serialized anew; the frozen one cannot be changed in place.
 */
export function frozenAnswer<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    deepFreeze(value);
    frozenAnswers.add(value);
  }
  return value;
}

/**
 * The zod serializer (fastify-type-provider-zod: the response schema validates and strips, then
 * JSON.stringify), remembering its JSON for answers made with {@link frozenAnswer}. Each route
 * schema (route and status) has its own memory, so the same object sent under two schemas is
 * written by each.
 */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const serialize = zodSerializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !frozenAnswers.has(data)) {
      return serialize(data);
    }
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};
