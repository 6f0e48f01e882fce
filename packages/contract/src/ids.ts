/**
 * Every id is a UUID in canonical lower-case form: 36 hex digits and hyphens. Free of zod, so
 * the app can import it (`@portal/contract/ids`) without pulling the schemas into a chunk.
 */
export const ID_PATTERN = /^[0-9a-f-]{36}$/;
