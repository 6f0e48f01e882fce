import { z } from 'zod';
import { ID_PATTERN } from './ids';

export { ID_PATTERN };
export const id = z.string().regex(ID_PATTERN, 'Ungültige Kennung');

/** What {@link ONE_LINE_PATTERN} refuses, as a character class's contents (one list for both uses). */
const NOT_IN_ONE_LINE =
  '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

/**
 * What a one-line field (a name, an address line, a title, a file's display name, a tile's name
 * or target) holds: no line break (U+2028 and U+2029 included), no tab, no other control
 * character (C0, DEL, C1), and none of the invisible bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), which make a text read differently from what it is
 * ('Trojan Source'). Descriptions and other free texts keep line breaks and tabs.
 */
export const ONE_LINE_PATTERN = new RegExp(`^[^${NOT_IN_ONE_LINE}]*$`);
export const ONE_LINE_MESSAGE = 'Nur eine Zeile, ohne Tabulatoren und Steuerzeichen';
const NOT_ONE_LINE_RUN = new RegExp(`[${NOT_IN_ONE_LINE}]+`, 'g');

/**
 * `text` made one line: each run of what {@link ONE_LINE_PATTERN} refuses becomes one space
 * (for values the app takes from elsewhere, such as a file's name as a document's display name).
 */
export const toOneLine = (text: string) => text.replace(NOT_ONE_LINE_RUN, ' ');

/** `schema` (a string, after its `trim()`) limited to one line: {@link ONE_LINE_PATTERN}. */
export const oneLine = (schema: z.ZodString) => schema.regex(ONE_LINE_PATTERN, ONE_LINE_MESSAGE);

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
