import { z } from 'zod';
import { ID_PATTERN } from './ids';

export { ID_PATTERN };
export const id = z.string().regex(ID_PATTERN, 'Ungültige Kennung');

/** RFC 9457 problem details, the body of every error answer. */
export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problem>;

export const ping = z.object({ status: z.literal('ok') });
export type Ping = z.infer<typeof ping>;

/** Path parameters of a route addressed by one id (`/…/:id`). */
export const idParams = z.object({ id });
export type IdParams = z.infer<typeof idParams>;
