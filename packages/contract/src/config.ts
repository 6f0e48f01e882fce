import { z } from 'zod';

/** Runtime configuration the app needs before sign-in (`GET /api/clients/public/config`). */
export const publicConfig = z.object({
  /** Base URL of the identity provider, e.g. `http://localhost:8080/auth`. */
  authUrl: z.string(),
  realm: z.string(),
  clientId: z.string(),
  /** External server status page linked in the footer. */
  serverStatusUrl: z.string(),
  /** Analytics site id per known host name; analytics runs only on these hosts. */
  analytics: z.record(z.string(), z.string()),
  /** Base URL of the Matomo-compatible analytics server; analytics is off without it. */
  analyticsUrl: z.string().optional(),
  /**
   * ANALYTICS_PERSONAL_DATA=true: page views carry name and e-mail too, and the consent asked
   * for says so (a consent to pseudonymous analytics does not cover them). Absent means false.
   */
  analyticsPersonalData: z.boolean().optional(),
  /**
   * Largest document upload in bytes (the server's UPLOAD_MAX_BYTES): the upload form names it
   * and refuses larger files before sending. Absent from older servers (no check before sending).
   */
  uploadMaxBytes: z.number().int().positive().optional(),
  /**
   * IDENTITY_PROVIDER=external: e-mail, password and second factor belong to the provider, which
   * signs people in with them; Mein Konto offers no change of them. Absent means false.
   */
  credentialsAtProvider: z.boolean().optional(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
