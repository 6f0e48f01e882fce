import { passwordUserInputs } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import { invitedLine, passwordResetMail } from '../modules/account/mails';
import { messages as accountMessages, pageMessages as text } from '../modules/account/messages';
import { passwordProblem } from '../modules/account/password-policy';
import { findUser, findUserByEmail, isEmailTaken, updateUser } from '../modules/account/repository';
import {
  actionTokenLink,
  consumeToken,
  findAnyToken,
  issueToken,
  peekToken,
  RESET_TOKEN_TTL_MS,
} from '../modules/account/tokens';
import {
  type PendingInvitation,
  pendingInvitations,
} from '../modules/institution-users/repository';
import { messages } from './messages';
import { escapeHtml, layout, type PageContext } from './pages';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './revoke';
import { accountKey, claimSignInAttempt, forgiveAccount } from './sign-in-throttle';

interface Options {
  config: Config;
  provider: Provider;
  pages: PageContext;
  issuerPath: string;
  sendPage(reply: FastifyReply, status: number, html: string): FastifyReply;
}

const hide = { hide: true } as Record<string, unknown>;
const UID = /^[A-Za-z0-9_-]{1,100}$/;
const TOKEN_KINDS = ['INVITATION', 'PASSWORD_RESET'] as const;
/** The links the action-token page opens: those that set a password, and an e-mail change. */
const LINK_KINDS = [...TOKEN_KINDS, 'EMAIL_CHANGE'] as const;

const field = (value: unknown, max: number) =>
  typeof value === 'string' ? value.slice(0, max) : '';

function alert(message: string | undefined) {
  return message ? `<p class="alert" role="alert" id="form-error">${escapeHtml(message)}</p>` : '';
}
/**
 * Which institution(s) invited the person and, where the mail named one, who: someone who opens
 * the link days later (or the practice's shared computer) learns what it is for.
 */
function invitationLines(invitations: PendingInvitation[]) {
  const [only] = invitations;
  if (!only) return '';
  if (invitations.length === 1) {
    return `<p class="invitation">${escapeHtml(invitedLine(only.institutionName, only.inviter))}</p>\n`;
  }
  const items = invitations.map(({ institutionName, inviter }) => {
    const who = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : '';
    return `<li>${escapeHtml(`„${institutionName}“${who ? ` (${text.invitedBy(who)})` : ''}`)}</li>`;
  });
  return `<p class="invitation">${escapeHtml(text.invitedToSeveral)}</p>
<ul class="invitation-list">${items.join('')}</ul>\n`;
}

const invalid = (message: string | undefined) =>
  message ? ' aria-invalid="true" aria-describedby="form-error"' : '';

/**
 * "Passwort vergessen?" and the page behind invitation and reset links (Keycloak's
 * `login-actions/reset-credentials` and `login-actions/action-token?key=`).
 *
 * The reset request always answers the same confirmation, whether or not the address has an
 * account. Links carry a random token of which only the hash is stored; they work once and
 * expire (reset: 1 hour, invitation: INVITATION_TTL_HOURS). Setting the password ends every
 * session of the user.
 */
export async function accountActionRoutes(app: FastifyInstance, options: Options) {
  const { config, provider, pages, issuerPath, sendPage } = options;
  const db = app.db;
  const resetPath = `${issuerPath}/login-actions/reset-credentials`;
  const tokenPath = `${issuerPath}/login-actions/action-token`;
  /**
   * The portal, asked to sign in as `email` (the app signs out whoever else is signed in in this
   * browser: an invitation opened on a shared computer must not lead into a colleague's account).
   */
  const signInAs = (email: string) =>
    `${config.publicUrl}/?login_hint=${encodeURIComponent(email)}`;
  const backUrl = (uid: string) =>
    UID.test(uid)
      ? `${issuerPath}/login-actions/${encodeURIComponent(uid)}`
      : `${config.publicUrl}/`;

  const forgotForm = (uid: string, error?: string, email = '') =>
    layout(pages, {
      title: text.forgotTitle,
      body: `<h1>${text.forgotTitle}</h1>
<p class="intro">${text.forgotIntro}</p>
${alert(error)}
<form method="post" action="${escapeHtml(`${resetPath}${UID.test(uid) ? `?uid=${encodeURIComponent(uid)}` : ''}`)}" class="form" novalidate>
<div class="field">
<label for="email">${messages.emailLabel}</label>
<input id="email" name="email" type="email" autocomplete="username" spellcheck="false" autocapitalize="none" required autofocus value="${escapeHtml(email)}"${invalid(error)}>
</div>
<button type="submit" class="button">${text.forgotButton}</button>
</form>
<p class="secondary-action"><a class="link" href="${escapeHtml(backUrl(uid))}">${text.backToSignIn}</a></p>`,
    });

  app.get(resetPath, { schema: hide }, async (request, reply) => {
    const uid = field((request.query as Record<string, unknown>).uid, 100);
    return sendPage(reply, 200, forgotForm(uid));
  });

  app.post(resetPath, { schema: hide }, async (request, reply) => {
    const uid = field((request.query as Record<string, unknown>).uid, 100);
    const email = field((request.body as Record<string, unknown> | undefined)?.email, 320).trim();
    // No address is no request: the page says so in German, nothing is counted.
    if (!email) return sendPage(reply, 400, forgotForm(uid, text.forgotMissingEmail));
    // Requests are counted like failed sign-ins, per account and address but apart from them
    // (so they never block a sign-in): nobody sends masses of mails from here.
    const claim = await claimSignInAttempt(
      db,
      'reset',
      accountKey(email),
      request.ip,
      config.auth.signInMaxFailures,
    );
    if (!claim.allowed) {
      reply.header('Retry-After', String(claim.retryAfterSeconds));
      const refusal = claim.reason === 'slow' ? text.forgotSlowDown : text.forgotTooMany;
      return sendPage(reply, 429, forgotForm(uid, refusal, email));
    }
    const user = email ? await findUserByEmail(db, email) : undefined;
    if (user?.hasAccountActivated) {
      // Token and mail in the background: the answer takes as long for an address without an
      // activated account, so its timing does not tell which addresses have one.
      void (async () => {
        const token = await issueToken(db, user.id, 'PASSWORD_RESET', RESET_TOKEN_TTL_MS);
        await app.mailer.send(
          passwordResetMail(user, actionTokenLink(config, token), !!user.totpSecret),
        );
      })().catch((error: unknown) => {
        request.log.error({ err: error }, 'password reset mail failed');
      });
    }
    return sendPage(
      reply,
      200,
      layout(pages, {
        title: text.forgotSentTitle,
        body: `<h1>${text.forgotSentTitle}</h1>
<p role="status">${text.forgotSent}</p>
<p class="secondary-action"><a class="link" href="${escapeHtml(backUrl(uid))}">${text.backToSignIn}</a></p>`,
      }),
    );
  });

  /**
   * The page for a link that no longer works, saying what to do next: a reset link leads to a
   * new request; an invitation that was replaced or expired is sent again by an administrator
   * of the institution (the invitee cannot sign in to ask for it); an accepted one leads to the
   * sign-in. A link whose token is gone altogether gets both ways.
   */
  const linkInvalid = async (reply: FastifyReply, key: string) => {
    const row = await findAnyToken(db, key);
    const requestLink = `<p><a class="button" href="${escapeHtml(resetPath)}">${text.requestNewLink}</a></p>`;
    const portalLink = `<p class="secondary-action"><a class="link" href="${escapeHtml(`${config.publicUrl}/`)}">${messages.backToPortal}</a></p>`;
    let page: { title: string; intro?: string; message: string; actions: string };
    if (row?.kind === 'INVITATION') {
      const invitee = await findUser(db, row.userId);
      page = invitee?.hasAccountActivated
        ? {
            title: text.invitationAcceptedTitle,
            message: text.invitationAccepted,
            actions: `<p><a class="button" href="${escapeHtml(signInAs(invitee.email))}">${text.toSignIn}</a></p>
<p class="secondary-action"><a class="link" href="${escapeHtml(resetPath)}">${text.forgotLink}</a></p>`,
          }
        : {
            title: text.invitationSpentTitle,
            intro: invitee ? invitationLines(await pendingInvitations(db, invitee.id)) : '',
            message: text.invitationSpent,
            actions: portalLink,
          };
    } else if (row?.kind === 'EMAIL_CHANGE') {
      page = { title: text.emailLinkSpentTitle, message: text.emailLinkSpent, actions: portalLink };
    } else if (row?.kind === 'PASSWORD_RESET') {
      page = {
        title: text.resetLinkSpentTitle,
        message: text.resetLinkSpent,
        actions: `${requestLink}\n${portalLink}`,
      };
    } else {
      page = {
        title: text.linkInvalidTitle,
        message: text.actionLinkUnknown,
        actions: `${requestLink}\n${portalLink}`,
      };
    }
    return sendPage(
      reply,
      400,
      layout(pages, {
        title: page.title,
        body: `<h1>${escapeHtml(page.title)}</h1>
${page.intro ?? ''}<p role="alert">${escapeHtml(page.message)}</p>
${page.actions}`,
      }),
    );
  };

  const passwordForm = async (
    key: string,
    token: { kind: string; userId: string },
    email: string,
    error?: string,
  ) => {
    const isInvitation = token.kind === 'INVITATION';
    const title = isInvitation ? text.acceptInvitationTitle : text.setPasswordTitle;
    const invitations = isInvitation
      ? invitationLines(await pendingInvitations(db, token.userId))
      : '';
    return layout(pages, {
      title,
      body: `<h1>${title}</h1>
${invitations}<p class="intro" id="password-rules">${escapeHtml(text.setPasswordIntro(email))}</p>
${alert(error)}
<form method="post" action="${escapeHtml(`${tokenPath}?key=${encodeURIComponent(key)}`)}" class="form" novalidate>
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(email)}">
<div class="field">
<label for="password">${text.newPasswordLabel}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required autofocus${error ? ' aria-invalid="true" aria-describedby="form-error password-rules"' : ' aria-describedby="password-rules"'}>
</div>
<div class="field">
<label for="password-repeat">${text.repeatPasswordLabel}</label>
<input id="password-repeat" name="passwordRepeat" type="password" autocomplete="new-password" required${invalid(error)}>
</div>
<button type="submit" class="button">${text.setPasswordButton}</button>
</form>`,
    });
  };

  /**
   * The page behind an e-mail change's link: it asks once more (a link opened by a mail
   * scanner changes nothing), then the new address becomes the sign-in e-mail.
   */
  const emailConfirmForm = (key: string, oldEmail: string, newEmail: string) =>
    layout(pages, {
      title: text.emailConfirmTitle,
      body: `<h1>${text.emailConfirmTitle}</h1>
<p class="intro">${escapeHtml(text.emailConfirmIntro(oldEmail, newEmail))}</p>
<form method="post" action="${escapeHtml(`${tokenPath}?key=${encodeURIComponent(key)}`)}" class="form">
<button type="submit" class="button">${text.emailConfirmButton}</button>
</form>`,
    });

  const emailTaken = (reply: FastifyReply) =>
    sendPage(
      reply,
      409,
      layout(pages, {
        title: text.emailTakenTitle,
        body: `<h1>${text.emailTakenTitle}</h1>
<p role="alert">${escapeHtml(accountMessages.emailInUse)}</p>
<p class="secondary-action"><a class="link" href="${escapeHtml(`${config.publicUrl}/`)}">${text.toPortal}</a></p>`,
      }),
    );

  const changeEmail = async (reply: FastifyReply, key: string, user: { id: string }) => {
    const token = await peekToken(db, key, ['EMAIL_CHANGE']);
    const newEmail = token?.newEmail;
    if (!newEmail) return linkInvalid(reply, key);
    // Taken since the request: the link stays usable (the other account may give it up).
    if (await isEmailTaken(db, newEmail, user.id)) return emailTaken(reply);
    // Used up only now, and only once even when the button is pressed twice at the same moment.
    if (!(await consumeToken(db, key, ['EMAIL_CHANGE'], user.id))) return linkInvalid(reply, key);
    try {
      await updateUser(db, user.id, { email: newEmail });
    } catch (error) {
      // The unique index on lower(email) catches the address taken at the same moment.
      if ((error as { code?: string }).code === '23505') return emailTaken(reply);
      throw error;
    }
    return sendPage(
      reply,
      200,
      layout(pages, {
        title: text.emailChangedTitle,
        body: `<h1>${text.emailChangedTitle}</h1>
<p role="status">${escapeHtml(text.emailChanged(newEmail))}</p>
<p><a class="button" href="${escapeHtml(`${config.publicUrl}/`)}">${text.toPortal}</a></p>`,
      }),
    );
  };

  app.get(tokenPath, { schema: hide }, async (request, reply) => {
    const key = field((request.query as Record<string, unknown>).key, 200);
    const token = await peekToken(db, key, LINK_KINDS);
    const user = token ? await findUser(db, token.userId) : undefined;
    if (!token || !user) return linkInvalid(reply, key);
    if (token.kind === 'EMAIL_CHANGE') {
      return sendPage(reply, 200, emailConfirmForm(key, user.email, token.newEmail ?? ''));
    }
    return sendPage(reply, 200, await passwordForm(key, token, user.email));
  });

  app.post(tokenPath, { schema: hide }, async (request, reply) => {
    const key = field((request.query as Record<string, unknown>).key, 200);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const password = field(body.password, 1024);
    const repeat = field(body.passwordRepeat, 1024);
    const token = await peekToken(db, key, LINK_KINDS);
    const user = token ? await findUser(db, token.userId) : undefined;
    if (!token || !user) return linkInvalid(reply, key);
    if (token.kind === 'EMAIL_CHANGE') return changeEmail(reply, key, user);
    const problem =
      password !== repeat
        ? text.passwordsDiffer
        : await passwordProblem(password, passwordUserInputs(user));
    if (problem) {
      return sendPage(reply, 400, await passwordForm(key, token, user.email, problem));
    }
    // Used up only now, and only once even when the form is sent twice at the same moment.
    const used = await consumeToken(db, key, TOKEN_KINDS, user.id);
    if (!used) return linkInvalid(reply, key);
    await updateUser(db, user.id, {
      passwordHash: await hashPassword(password),
      hasAccountActivated: true,
    });
    await revokeUserSessions(provider, db, user.id);
    await forgiveAccount(db, accountKey(user.email));
    return sendPage(
      reply,
      200,
      layout(pages, {
        title: text.passwordSetTitle,
        body: `<h1>${text.passwordSetTitle}</h1>
<p role="status">${text.passwordSet}</p>
<p><a class="button" href="${escapeHtml(signInAs(user.email))}">${text.toSignIn}</a></p>`,
      }),
    );
  });
}
