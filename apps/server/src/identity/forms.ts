import { z } from 'zod';

/**
 * The form bodies the identity routes read. A missing or oversized field reads as empty (the
 * page then says what is wrong), so a form never answers a bare validation error.
 */
const field = (max: number) => z.string().max(max).catch('').default('');

export const loginForm = z.object({
  email: z.string().trim().max(320).catch('').default(''),
  password: field(1024),
});

export const otpForm = z.object({ code: field(32) });

/** Keycloak's back-channel logout (`POST …/logout`). */
export const logoutForm = z.object({ refresh_token: field(8192), client_id: field(256) });

/** Userinfo may carry the token in the body instead of the Authorization header. */
export const userinfoForm = z.object({
  access_token: z.string().max(8192).optional().catch(undefined),
});

/** Parses a form body (anything that is not an object reads as empty). */
export function readForm<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  return schema.parse(typeof body === 'object' && body !== null ? body : {});
}
