import {
  accountData,
  accountDataUpdate,
  emailUpdate,
  identStart,
  identStartResponse,
  identStatusResponse,
  otpActivate,
  otpDisable,
  otpInit,
  PASSWORD_MAX_LENGTH,
  userIdParams,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { forgetCached } from '../../db/notified-cache';
import { currentUserId } from '../../plugins/access';
import { notFound } from '../../plugins/errors';
import type { Mail } from '../../plugins/mailer';
import { sweepEvery } from '../../plugins/sweep';
import { INSTITUTION_CHANNEL } from '../institution/routes';
import { problemResponses } from '../shared/responses';
import { emailChangeMail, emailChangeNoticeMail, passwordChangedMail } from './mails';
import { messages } from './messages';
import { findUser } from './repository';
import {
  activateTwoFactor,
  type Caller,
  confirmPassword,
  disableTwoFactor,
  getAccountData,
  getIdentStatus,
  initTwoFactor,
  requestEmailChange,
  startIdentification,
  updateAccountData,
  updatePassword,
} from './service';
import { identificationSimulationRoutes } from './simulation';
import {
  actionTokenLink,
  sendTokenMail,
  sweepAccountTokens,
  TOKEN_SWEEP_INTERVAL_MS,
} from './tokens';

const noContent = { 204: z.null().describe('Erledigt') };
const tags = ['account'];

/** The signed-in person's own account: data, e-mail, password, two-factor, identification. */
export const accountRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const db = app.db;

  // Tokens that serve no purpose any more go at start and every hour (sweepAccountTokens).
  sweepEvery(app, 'account token sweep', TOKEN_SWEEP_INTERVAL_MS, () => sweepAccountTokens(db), {
    atReady: true,
  });

  async function callerOf(request: FastifyRequest): Promise<Caller> {
    const userId = await currentUserId(request);
    if (!userId) throw notFound(messages.accountNotFound);
    return {
      userId,
      ip: request.ip,
      auth: request.auth,
      maxFailures: config.auth.signInMaxFailures,
      credentialsAtProvider: config.auth.mode === 'external',
    };
  }

  /**
   * Names or e-mail changed: this process forgets the cached person (GET /user/current) and the
   * member lists of their institutions at once, not only when the NOTIFY arrives a moment later.
   */
  async function forgetPerson(request: FastifyRequest, userId: string) {
    const memberships = (await app.principals.get(request.auth.sub))?.memberships ?? [];
    app.principals.invalidate(userId);
    for (const { institutionId } of memberships) {
      forgetCached(app, INSTITUTION_CHANNEL, institutionId);
    }
  }

  /**
   * Tells the person about a change of their sign-in (e-mail, password), so an owner who did
   * not make it learns of it. The change stands when the mail cannot be sent (the mailer logs).
   */
  async function notify(mail: Mail) {
    try {
      await app.mailer.send(mail);
    } catch {}
  }

  app.get(
    '/accountdata/:userId',
    {
      schema: {
        tags,
        summary: 'Account data of the signed-in user',
        description: 'Only the caller’s own id; any other id answers 404.',
        params: userIdParams,
        response: { 200: accountData, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => getAccountData(db, await callerOf(request), request.params.userId),
  );

  app.put(
    '/accountdata/',
    {
      schema: {
        tags,
        summary: 'Saves form of address, title, first and last name',
        description: 'The e-mail address changes through `PUT /user/updateEmail`.',
        body: accountDataUpdate,
        response: { 200: accountData, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const saved = await updateAccountData(db, caller, request.body);
      await forgetPerson(request, caller.userId);
      return saved;
    },
  );

  app.put(
    '/user/updateEmail',
    {
      schema: {
        tags,
        summary: 'Asks for a new sign-in e-mail address',
        description:
          'Needs the current password: header `X-Password-Confirmation` from ' +
          '`POST /user/confirmPassword` (403 without it). The new address becomes the sign-in ' +
          'e-mail once the link mailed to it is opened; until then the answer and ' +
          '`GET /accountdata/{userId}` name it as `pendingEmail`, and the old address is told of ' +
          'the request. 400 for the current address, 409 when the address belongs to another ' +
          'account, 403 in an impersonated session.',
        body: emailUpdate,
        headers: z.object({ 'x-password-confirmation': z.string().max(200).optional() }),
        response: { 200: accountData, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const change = await requestEmailChange(
        db,
        caller,
        request.body.email,
        request.headers['x-password-confirmation'],
      );
      // Nothing waits for a link that never went out (the mailer answers 503).
      await sendTokenMail(db, change.token, 'EMAIL_CHANGE', change.user.id, () =>
        app.mailer.send(
          emailChangeMail(change.user, change.newEmail, actionTokenLink(config, change.token)),
        ),
      );
      // The old address learns of it (the person asking may not be its owner).
      await notify(emailChangeNoticeMail(change.user, change.newEmail, config.publicUrl));
      return change.account;
    },
  );

  app.post(
    '/user/confirmPassword',
    {
      schema: {
        tags,
        summary: 'Confirms the current password before a change',
        description:
          'Answers a confirmation valid for 5 minutes and usable once, to be sent as ' +
          '`X-Password-Confirmation` with `PUT /user/updatePassword`. Wrong passwords count ' +
          'like failed sign-ins (429 when too many).',
        body: z.object({
          password: z
            .string()
            .min(1)
            .max(PASSWORD_MAX_LENGTH * 4),
        }),
        response: {
          200: z.object({ confirmation: z.string() }),
          ...problemResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => confirmPassword(db, await callerOf(request), request.body.password),
  );

  app.put(
    '/user/updatePassword',
    {
      schema: {
        tags,
        summary: 'Sets a new password (plain-text body)',
        description:
          'Body: the new password as `text/plain`. At least 10 characters and a zxcvbn score ' +
          'of at least 3 (common and German dictionaries); header `X-Password-Confirmation` from ' +
          '`POST /user/confirmPassword`. 403 in an impersonated session. Every other sign-in ' +
          'session of the person ends (their refresh tokens are revoked).',
        body: z.string().max(PASSWORD_MAX_LENGTH * 4),
        headers: z.object({ 'x-password-confirmation': z.string().max(200).optional() }),
        response: { ...noContent, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      await updatePassword(db, caller, request.body, request.headers['x-password-confirmation']);
      // Every other browser signed in with the old password is signed out (its refresh token is
      // revoked, its access token runs out within 300 s); this one stays signed in.
      await app.identity?.revokeUserSessions(caller.userId, {
        ...(request.auth.sid ? { exceptSid: request.auth.sid } : {}),
      });
      const person = await findUser(db, caller.userId);
      if (person) await notify(passwordChangedMail(person, config.publicUrl));
      return reply.code(204).send(null);
    },
  );

  const twoFactorDescription =
    'Wrong codes count like failed sign-ins (429 when too many); each code is accepted once. ' +
    '403 in an impersonated session. Afterwards the app renews its token: the realm role `2fa` ' +
    'shows the status.';

  app.post(
    '/user/2fa/init',
    {
      schema: {
        tags,
        summary: 'A new TOTP secret and its otpauth:// URI (not stored until activated)',
        description: twoFactorDescription,
        response: { 200: otpInit, ...problemResponses(401, 403, 404, 409) },
      },
    },
    async (request) => initTwoFactor(db, await callerOf(request)),
  );

  app.post(
    '/user/2fa/activate',
    {
      schema: {
        tags,
        summary: 'Activates two-factor sign-in with the secret from init and a valid code',
        description: twoFactorDescription,
        body: otpActivate,
        response: { ...noContent, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await activateTwoFactor(
        db,
        await callerOf(request),
        request.body.otpSecret,
        request.body.otpCode,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/2fa/disable',
    {
      schema: {
        tags,
        summary: 'Switches two-factor sign-in off with a valid code',
        description: twoFactorDescription,
        body: otpDisable,
        response: { ...noContent, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(db, await callerOf(request), request.body.otpCode);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/multiconnect/userlegitimation/',
    {
      schema: {
        tags,
        summary: 'Starts an identification and answers the URL to continue at',
        body: identStart,
        response: { 200: identStartResponse, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => startIdentification(db, config, await callerOf(request)),
  );

  app.get(
    '/multiconnect/userlegitimation/status',
    {
      schema: {
        tags,
        summary: 'The identification status as the service reports it',
        description:
          "Raw values: 'true' (started), '1' (legitimised), 'false' or '2' (failed); 404 when " +
          'no identification was started.',
        response: { 200: identStatusResponse, ...problemResponses(401, 404) },
      },
    },
    async (request) => getIdentStatus(db, await callerOf(request)),
  );

  await app.register(identificationSimulationRoutes, { config });
};
