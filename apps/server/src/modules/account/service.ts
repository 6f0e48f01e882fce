import {
  ACCOUNT_ROLES,
  type AccountData,
  type AccountDataUpdate,
  type IdentStartResponse,
  type OtpInit,
  passwordUserInputs,
} from '@portal/contract';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { checkTotp } from '../../identity/second-factor';
import {
  accountKey,
  claimSignInAttempt,
  clearSignInPair,
  type SignInStep,
} from '../../identity/sign-in-throttle';
import type { AuthContext } from '../../plugins/auth';
import { badRequest, conflict, forbidden, notFound, ProblemError } from '../../plugins/errors';
import { messages } from './messages';
import { passwordProblem } from './password-policy';
import {
  findIdentStatus,
  findUser,
  isEmailTaken,
  saveIdentStatus,
  setRealmRole,
  type UserRow,
  updateUser,
} from './repository';
import {
  consumeToken,
  EMAIL_CHANGE_TTL_MS,
  findPendingEmail,
  HOUR_MS,
  issueToken,
  PASSWORD_CONFIRMATION_TTL_MS,
} from './tokens';

/** The caller as the account services need it: portal user id, address, impersonation. */
export interface Caller {
  userId: string;
  ip: string;
  auth: AuthContext;
  /** SIGN_IN_MAX_FAILURES: wrong passwords and codes here count like failed sign-ins. */
  maxFailures: number;
  /**
   * IDENTITY_PROVIDER=external: the provider signs people in with its own e-mail, password and
   * second factor. Changing the portal's copies would change nothing there (a password
   * "changed" here still left the old one valid at the provider), so these changes are refused.
   */
  credentialsAtProvider: boolean;
}

/** 409 when the identity provider, not the portal, holds the sign-in credentials. */
function assertCredentialsHere(caller: Caller, message: string) {
  if (caller.credentialsAtProvider) throw conflict(message);
}

const tooManyFailures = () => new ProblemError(429, { detail: messages.tooManyFailures });

/**
 * Claims a check of a password or code like the sign-in does (before checking, so parallel
 * tries never check more than allowed); 429 when the account or address is paused.
 */
async function claimCheck(db: Db, caller: Caller, step: SignInStep, account: string) {
  const claim = await claimSignInAttempt(db, step, account, caller.ip, caller.maxFailures);
  if (!claim.allowed) throw tooManyFailures();
}

/** Impersonated sessions (support staff acting as a customer's user) change no credentials. */
export function assertNotImpersonated(caller: Caller) {
  if (caller.auth.impersonator) throw forbidden(messages.impersonationForbidden);
}

async function loadUser(db: Db, userId: string): Promise<UserRow> {
  const row = await findUser(db, userId);
  if (!row) throw notFound(messages.accountNotFound);
  return row;
}

function toAccountData(row: UserRow): AccountData {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    is2FAActivated: row.realmRoles.includes(ACCOUNT_ROLES.twoFactor),
    formOfAddress: row.formOfAddress,
    title: row.title,
    onboardedByClient: row.onboardedByClient,
    hasAccountActivated: row.hasAccountActivated,
  };
}

/** Own account data only; another user's id answers 404 like an unknown one. */
export async function getAccountData(db: Db, caller: Caller, userId: string): Promise<AccountData> {
  if (userId !== caller.userId) throw notFound(messages.accountNotFound);
  return withPendingEmail(db, await loadUser(db, userId));
}

/** The account data with the e-mail change that waits for its link, if any. */
async function withPendingEmail(db: Db, row: UserRow): Promise<AccountData> {
  return { ...toAccountData(row), pendingEmail: await findPendingEmail(db, row.id) };
}

export async function updateAccountData(
  db: Db,
  caller: Caller,
  update: AccountDataUpdate,
): Promise<AccountData> {
  await loadUser(db, caller.userId);
  await updateUser(db, caller.userId, {
    firstName: update.firstName,
    lastName: update.lastName,
    formOfAddress: update.formOfAddress || null,
    title: update.title || null,
  });
  return withPendingEmail(db, await loadUser(db, caller.userId));
}

/** An e-mail change that waits for its link: the person, the new address and the link's token. */
export interface RequestedEmailChange {
  account: AccountData;
  user: UserRow;
  newEmail: string;
  token: string;
}

/**
 * A new sign-in e-mail is asked for with the current password (its confirmation from
 * `confirmPassword`, as for a new password): a session left open on a shared computer cannot
 * hand the account to another address. It takes effect only when the link sent to the new
 * address is opened (identity/account-actions.ts), so a mistyped address locks nobody out; the
 * old address is told of the request. A newer request replaces an older one.
 */
export async function requestEmailChange(
  db: Db,
  caller: Caller,
  email: string,
  confirmation: string | undefined,
): Promise<RequestedEmailChange> {
  assertNotImpersonated(caller);
  assertCredentialsHere(caller, messages.emailAtProvider);
  const user = await loadUser(db, caller.userId);
  if (!user.passwordHash) throw conflict(messages.noLocalPassword);
  if (email.toLowerCase() === user.email.toLowerCase()) {
    throw badRequest(messages.emailUnchanged, [
      { path: 'body.email', message: messages.emailUnchanged },
    ]);
  }
  if (await isEmailTaken(db, email, caller.userId)) throw conflict(messages.emailInUse);
  if (
    !confirmation ||
    !(await consumeToken(db, confirmation, ['PASSWORD_CONFIRMATION'], user.id))
  ) {
    throw forbidden(messages.passwordConfirmationMissing);
  }
  // An earlier request's link stays usable until this one's mail went out (the route).
  const token = await issueToken(db, user.id, 'EMAIL_CHANGE', EMAIL_CHANGE_TTL_MS, email, {
    keepEarlier: true,
  });
  return {
    account: { ...toAccountData(user), pendingEmail: email },
    user,
    newEmail: email,
    token,
  };
}

/** Rules of a new password for this user (their names and e-mail count as guessable). */
export async function assertPasswordAcceptable(password: string, user: UserRow) {
  const problem = await passwordProblem(password, passwordUserInputs(user));
  if (problem) throw badRequest(problem, [{ path: 'body', message: problem }]);
}

/**
 * Step one of a password change: the current password is checked (counted like a sign-in
 * attempt) and a confirmation, valid for five minutes and usable once, is returned.
 */
export async function confirmPassword(
  db: Db,
  caller: Caller,
  password: string,
): Promise<{ confirmation: string }> {
  assertNotImpersonated(caller);
  assertCredentialsHere(caller, messages.noLocalPassword);
  const user = await loadUser(db, caller.userId);
  if (!user.passwordHash) throw conflict(messages.noLocalPassword);
  const account = accountKey(user.email);
  await claimCheck(db, caller, 'password', account);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw forbidden(messages.currentPasswordWrong);
  }
  await clearSignInPair(db, 'password', account, caller.ip);
  const confirmation = await issueToken(
    db,
    user.id,
    'PASSWORD_CONFIRMATION',
    PASSWORD_CONFIRMATION_TTL_MS,
  );
  return { confirmation };
}

/** Step two: the new password (plain text) with the confirmation from step one. */
export async function updatePassword(
  db: Db,
  caller: Caller,
  password: string,
  confirmation: string | undefined,
): Promise<void> {
  assertNotImpersonated(caller);
  assertCredentialsHere(caller, messages.noLocalPassword);
  const user = await loadUser(db, caller.userId);
  if (!user.passwordHash) throw conflict(messages.noLocalPassword);
  await assertPasswordAcceptable(password, user);
  if (
    !confirmation ||
    !(await consumeToken(db, confirmation, ['PASSWORD_CONFIRMATION'], user.id))
  ) {
    throw forbidden(messages.passwordConfirmationMissing);
  }
  await updateUser(db, user.id, { passwordHash: await hashPassword(password) });
}

/** A new TOTP secret and its otpauth:// URI; stored only once activated with a valid code. */
export async function initTwoFactor(db: Db, caller: Caller): Promise<OtpInit> {
  assertNotImpersonated(caller);
  assertCredentialsHere(caller, messages.otpAtProvider);
  const user = await loadUser(db, caller.userId);
  if (user.totpSecret) throw conflict(messages.otpAlreadyActive);
  // Counted like a code check: paused like the sign-in after too many wrong codes.
  await claimCheck(db, caller, 'otp', accountKey(user.email));
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({
    issuer: 'Institutionsportal',
    label: user.email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret,
  });
  return { otpSecret: secret.base32, otpAuthUri: totp.toString() };
}

/** Checks a code with the single-use check; a wrong code counts like a failed sign-in. */
async function checkCode(db: Db, caller: Caller, user: UserRow, secret: string, code: string) {
  const account = accountKey(user.email);
  await claimCheck(db, caller, 'otp', account);
  const check = await checkTotp(db, user.id, secret, code);
  if (check !== 'accepted') {
    const message = check === 'used' ? messages.otpUsed : messages.otpInvalid;
    throw badRequest(message, [{ path: 'body.otpCode', message }]);
  }
  await clearSignInPair(db, 'otp', account, caller.ip);
}

export async function activateTwoFactor(
  db: Db,
  caller: Caller,
  otpSecret: string,
  otpCode: string,
): Promise<void> {
  assertNotImpersonated(caller);
  assertCredentialsHere(caller, messages.otpAtProvider);
  const user = await loadUser(db, caller.userId);
  if (user.totpSecret) throw conflict(messages.otpAlreadyActive);
  await checkCode(db, caller, user, otpSecret, otpCode);
  await updateUser(db, user.id, { totpSecret: otpSecret });
  await setRealmRole(db, user.id, ACCOUNT_ROLES.twoFactor, true);
}

export async function disableTwoFactor(db: Db, caller: Caller, otpCode: string): Promise<void> {
  assertNotImpersonated(caller);
  assertCredentialsHere(caller, messages.otpAtProvider);
  const user = await loadUser(db, caller.userId);
  if (!user.totpSecret) throw conflict(messages.otpNotActive);
  await checkCode(db, caller, user, user.totpSecret, otpCode);
  await updateUser(db, user.id, { totpSecret: null });
  await setRealmRole(db, user.id, ACCOUNT_ROLES.twoFactor, false);
}

/** The identification status as the service reports it ('true', 'false', '1', '2'). */
export async function getIdentStatus(db: Db, caller: Caller): Promise<{ status: string }> {
  const status = await findIdentStatus(db, caller.userId);
  if (status === undefined) throw notFound(messages.identNotStarted);
  return { status };
}

/**
 * Starts an identification: status 'true' (started) and a single-use transaction valid for
 * one hour, continued at the external service (IDENT_SERVICE_URL) or the simulated one.
 */
export async function startIdentification(
  db: Db,
  config: Config,
  caller: Caller,
): Promise<IdentStartResponse> {
  await loadUser(db, caller.userId);
  const transaction = await issueToken(db, caller.userId, 'IDENTIFICATION', HOUR_MS);
  await saveIdentStatus(db, caller.userId, 'true');
  const base = config.account.identServiceUrl;
  if (base) {
    const url = new URL(base);
    url.searchParams.set('transaction', transaction);
    return { url: url.toString() };
  }
  return {
    url: `${config.publicUrl}/api/multiconnect/simulation/${encodeURIComponent(transaction)}`,
  };
}

/** The simulated service's answer: completed → '1' (legitimised), aborted → '2' (failed). */
export async function finishSimulatedIdentification(
  db: Db,
  transaction: string,
  outcome: 'complete' | 'abort',
): Promise<boolean> {
  const token = await consumeToken(db, transaction, ['IDENTIFICATION']);
  if (!token) return false;
  await saveIdentStatus(db, token.userId, outcome === 'complete' ? '1' : '2');
  return true;
}
