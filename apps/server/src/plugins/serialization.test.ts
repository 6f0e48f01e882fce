import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { frozenAnswer, serializerCompiler } from './serialization';

/** A response schema whose `name` check counts how often zod validated an answer. */
function countingSchema() {
  const counter = { checks: 0 };
  const schema = z.object({
    name: z.string().refine(() => {
      counter.checks += 1;
      return true;
    }),
    members: z.array(z.object({ id: z.string() })),
  });
  return { schema, counter };
}

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });

describe('response serialization', () => {
  it('writes a frozen answer once and sends the same JSON after that', () => {
    const { schema, counter } = countingSchema();
    const serialize = compile(schema);
    const answer = frozenAnswer({ name: 'Praxis', members: [{ id: 'a', secret: 'x' }] });

    const first = serialize(answer);
    expect(JSON.parse(first)).toEqual({ name: 'Praxis', members: [{ id: 'a' }] }); // stripped
    expect(serialize(answer)).toBe(first);
    expect(counter.checks).toBe(1);
  });

  it('validates and writes every other answer each time', () => {
    const { schema, counter } = countingSchema();
    const serialize = compile(schema);
    const answer = { name: 'Praxis', members: [{ id: 'a' }] };

    expect(JSON.parse(serialize(answer)).name).toBe('Praxis');
    answer.name = 'Praxis Neu';
    expect(JSON.parse(serialize(answer)).name).toBe('Praxis Neu');
    expect(counter.checks).toBe(2);
    // Frozen by someone else is not enough: only frozenAnswer marks an answer for the memory.
    const frozenElsewhere = Object.freeze({ name: 'Praxis', members: [] });
    serialize(frozenElsewhere);
    serialize(frozenElsewhere);
    expect(counter.checks).toBe(4);
  });

  it('freezes the answer deeply, so its JSON cannot go stale', () => {
    const answer = frozenAnswer({ name: 'Praxis', members: [{ id: 'a' }] });
    expect(() => {
      answer.members[0]!.id = 'b';
    }).toThrow(TypeError);
    expect(() => {
      answer.members.push({ id: 'c' });
    }).toThrow(TypeError);
    expect(answer.members).toEqual([{ id: 'a' }]);
  });

  it('refuses an invalid frozen answer every time, keeping nothing', () => {
    const serialize = compile(z.object({ name: z.string() }));
    const invalid = frozenAnswer({ name: 42 });
    expect(() => serialize(invalid)).toThrow();
    expect(() => serialize(invalid)).toThrow();
  });

  it('keeps one memory per route schema', () => {
    const full = compile(z.object({ name: z.string(), city: z.string() }));
    const short = compile(z.object({ name: z.string() }));
    const answer = frozenAnswer({ name: 'Praxis', city: 'Berlin' });
    expect(JSON.parse(full(answer))).toEqual({ name: 'Praxis', city: 'Berlin' });
    expect(JSON.parse(short(answer))).toEqual({ name: 'Praxis' });
    expect(JSON.parse(full(answer))).toEqual({ name: 'Praxis', city: 'Berlin' });
  });
});
