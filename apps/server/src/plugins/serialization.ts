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

/** The JSON of a frozen answer, and what was made of it for sending (see {@link sendingFormsOf}). */
interface FrozenJson {
  /** Live frozen answers written as this JSON. */
  answers: number;
  /** Encodings of the JSON, by name (`br`, `gzip`), made on first use. */
  forms: Map<string, Buffer>;
}

/**
 * The JSON written for frozen answers while those answers live. The serializer sends the same
 * string instance for as long as its answer is kept, so after the first lookup V8 finds it by
 * its cached hash. Lengths are counted apart so that any other answer is passed over without
 * hashing its text.
 */
const frozenJson = new Map<string, FrozenJson>();
const frozenJsonLengths = new Map<number, number>();
const releaseFrozenJson = new FinalizationRegistry<string>((json) => {
  const entry = frozenJson.get(json);
  if (!entry) return;
  entry.answers -= 1;
  if (entry.answers > 0) return;
  frozenJson.delete(json);
  const left = (frozenJsonLengths.get(json.length) ?? 1) - 1;
  if (left > 0) frozenJsonLengths.set(json.length, left);
  else frozenJsonLengths.delete(json.length);
});

function rememberFrozenJson(answer: object, json: string) {
  const entry = frozenJson.get(json);
  if (entry) entry.answers += 1;
  else {
    frozenJson.set(json, { answers: 1, forms: new Map() });
    frozenJsonLengths.set(json.length, (frozenJsonLengths.get(json.length) ?? 0) + 1);
  }
  releaseFrozenJson.register(answer, json);
}

/**
 * For the JSON of a frozen answer: a place to keep its encoded forms (compressed), which stay
 * right for as long as the answer is kept, since the JSON cannot change. Undefined for every
 * other payload.
 */
export function sendingFormsOf(payload: string): Map<string, Buffer> | undefined {
  if (!frozenJsonLengths.has(payload.length)) return undefined;
  return frozenJson.get(payload)?.forms;
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
      rememberFrozenJson(data, json);
    }
    return json;
  };
};
