import { z } from 'zod';
import { id, oneLine } from './common';
import { institutionRole } from './user';

/** Forms of address the portal offers. */
export const FORMS_OF_ADDRESS = ['Frau', 'Herr', 'Divers'] as const;

/** Longest values (characters, after trimming) the portal stores; the app's fields use the same. */
export const ACCOUNT_LIMITS = {
  /** First and last name, city, title. */
  text: 100,
  institutionName: 200,
  street: 200,
} as const;

/** A required text of at most `max` characters, with one German message per rule. */
const requiredText = (max: number) =>
  oneLine(z.string().trim().min(1, 'Pflichtfeld').max(max, `Höchstens ${max} Zeichen`));
const name = requiredText(ACCOUNT_LIMITS.text);
const optionalText = oneLine(
  z.string().trim().max(ACCOUNT_LIMITS.text, `Höchstens ${ACCOUNT_LIMITS.text} Zeichen`),
).nullable();
export const emailAddress = z
  .string()
  .trim()
  .max(254, 'Höchstens 254 Zeichen')
  .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'));

/** GET /accountdata/{userId} */
export const accountData = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  is2FAActivated: z.boolean(),
  formOfAddress: z.string().nullable(),
  title: z.string().nullable(),
  onboardedByClient: z.string().nullable(),
  hasAccountActivated: z.boolean(),
  /**
   * A new sign-in address that waits for the link sent to it (`PUT /user/updateEmail`); it
   * replaces `email` once that link is opened. Null or absent when none waits.
   */
  pendingEmail: z.string().nullish(),
});
export type AccountData = z.infer<typeof accountData>;

/** PUT /accountdata/ (the e-mail changes only through /user/updateEmail). */
export const accountDataUpdate = z.object({
  firstName: name,
  lastName: name,
  formOfAddress: optionalText,
  title: optionalText,
});
export type AccountDataUpdate = z.infer<typeof accountDataUpdate>;

export const userIdParams = z.object({ userId: id });

/** PUT /user/updateEmail */
export const emailUpdate = z.object({ email: emailAddress });
export type EmailUpdate = z.infer<typeof emailUpdate>;

/** Password rules (checked by the server, shown while typing). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MIN_SCORE = 3;
export const PASSWORD_MAX_LENGTH = 256;

/** POST /user/2fa/init */
export const otpInit = z.object({ otpSecret: z.string(), otpAuthUri: z.string() });
export type OtpInit = z.infer<typeof otpInit>;
const otpCode = z.string().regex(/^\d{6}$/, 'Sechs Ziffern');
/** POST /user/2fa/activate */
export const otpActivate = z.object({
  otpCode,
  otpSecret: z.string().regex(/^[A-Z2-7]{16,64}$/, 'Ungültiges Geheimnis'),
});
export type OtpActivate = z.infer<typeof otpActivate>;
/** POST /user/2fa/disable */
export const otpDisable = z.object({ otpCode });
export type OtpDisable = z.infer<typeof otpDisable>;

/** GET /multiconnect/userlegitimation/status: the provider's raw value. */
export const identStatusResponse = z.object({ status: z.string() });
export type IdentStatusResponse = z.infer<typeof identStatusResponse>;
/** POST /multiconnect/userlegitimation/ */
export const identStart = z.object({ returnUrl: z.string().optional() }).nullish();
export const identStartResponse = z.object({ url: z.string() });
export type IdentStartResponse = z.infer<typeof identStartResponse>;

/**
 * A German postal code: five digits from 01001 to 99998; none begins with 00 (such a code
 * reaches no one, and '00000' is what a form gets when something had to be typed).
 */
export const GERMAN_POSTAL_CODE = /^(?!00)\d{5}$/;

/** PUT /institution/{id} */
export const institutionUpdate = z.object({
  name: requiredText(ACCOUNT_LIMITS.institutionName),
  postalcode: z.string().trim().regex(GERMAN_POSTAL_CODE, 'Fünf Ziffern, nicht mit 00 beginnend'),
  city: name,
  street: requiredText(ACCOUNT_LIMITS.street),
  /**
   * The institution's `version` the change was made on. Optional: with it, the save is refused
   * (409) when the data changed meanwhile; without it, the save overwrites whatever is stored.
   */
  version: z.number().int().positive().optional(),
});
export type InstitutionUpdate = z.infer<typeof institutionUpdate>;

/** POST /institution/{id}/user */
export const invitation = z.object({
  email: emailAddress,
  firstName: name,
  lastName: name,
  formOfAddress: optionalText,
  title: optionalText,
  role: institutionRole,
});
export type Invitation = z.infer<typeof invitation>;

/** PUT /institution/{id}/user/{userId} */
export const userRoleUpdate = z.object({ role: institutionRole });
export type UserRoleUpdate = z.infer<typeof userRoleUpdate>;

export const institutionUserParams = z.object({ id, userId: id });
