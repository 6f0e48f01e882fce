import type {
  Institution,
  InstitutionMember,
  InstitutionRole,
  InstitutionUpdate,
  Invitation,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { INSTITUTION_NOT_FOUND, type InstitutionScope } from '../../plugins/access';
import { conflict, forbidden, notFound } from '../../plugins/errors';
import {
  addedToInstitutionMail,
  invitationAtProviderMail,
  invitationMail,
  ROLE_LABELS,
} from '../account/mails';
import { messages } from '../account/messages';
import { findUser, findUserByEmail } from '../account/repository';
import { actionTokenLink, HOUR_MS, issueToken, sendTokenMail } from '../account/tokens';
import { invitationValidUntil } from '../institution/repository';
import { getInstitution } from '../institution/service';
import {
  addMember,
  changeRole,
  deleteUnusedInvitee,
  findMember,
  insertInvitee,
  institutionName,
  joinAccount,
  removeMember,
  removeMembership,
  setInviter,
  updateInstitution,
} from './repository';

export interface MailContext {
  app: Pick<FastifyInstance, 'mailer'>;
  config: Config;
  /** Whether mails may name the caller as the inviter (not while impersonating). */
  namesInviter?: boolean;
}

export async function saveInstitution(
  db: Db,
  scope: InstitutionScope,
  update: InstitutionUpdate,
): Promise<Institution> {
  const result = await updateInstitution(db, scope, update);
  if (result === 'not-found') throw notFound(INSTITUTION_NOT_FOUND);
  if (result === 'conflict') throw conflict(messages.institutionChanged);
  return getInstitution(db, scope);
}

/** The member as the API answers it (with the invitation's validity, as the member list). */
async function toMember(
  db: Db,
  row: NonNullable<Awaited<ReturnType<typeof findMember>>>,
): Promise<InstitutionMember> {
  const validUntil = row.hasAccountActivated ? undefined : await invitationValidUntil(db, row.id);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    title: row.title,
    formOfAddress: row.formOfAddress,
    hasAccountActivated: row.hasAccountActivated,
    dateTimeCreated: row.dateTimeCreated.toISOString(),
    role: row.role,
    ...(validUntil ? { invitationValidUntil: validUntil } : {}),
  };
}

/** Runs `send`; when it throws, runs `undo` and throws the same error. */
async function undoneUnlessSent(undo: () => Promise<unknown>, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    await undo();
    throw error;
  }
}

/**
 * The person who invites (the caller), named in the mail so the recipient knows whom to ask
 * whether it is genuine; none when people ask for their own invitation again.
 */
async function inviterOf(db: Db, mail: MailContext, scope: InstitutionScope, inviteeId: string) {
  if (scope.userId === inviteeId || mail.namesInviter === false) return undefined;
  const caller = await findUser(db, scope.userId);
  return caller
    ? { id: caller.id, firstName: caller.firstName, lastName: caller.lastName }
    : undefined;
}

async function sendInvitation(
  db: Db,
  mail: MailContext,
  scope: InstitutionScope,
  invitee: Parameters<typeof invitationMail>[0] & { id: string },
) {
  const name = await institutionName(db, scope);
  const inviter = await inviterOf(db, mail, scope, invitee.id);
  if (mail.config.auth.mode === 'external') {
    // The link of an invitation leads to the embedded provider's page that sets a password;
    // an external provider knows neither that page's tokens nor the portal's passwords.
    await mail.app.mailer.send(
      invitationAtProviderMail(invitee, name, mail.config.publicUrl, inviter),
    );
    await setInviter(db, scope, invitee.id, inviter?.id ?? null);
    return;
  }
  const hours = mail.config.account.invitationTtlHours;
  // The link the person may already have works until the new one is sent.
  const token = await issueToken(db, invitee.id, 'INVITATION', hours * HOUR_MS, undefined, {
    keepEarlier: true,
  });
  await sendTokenMail(db, token, 'INVITATION', invitee.id, () =>
    mail.app.mailer.send(
      invitationMail(invitee, name, actionTokenLink(mail.config, token), hours, inviter),
    ),
  );
  // The page behind the link names whom this mail named (once it went out).
  await setInviter(db, scope, invitee.id, inviter?.id ?? null);
}

/**
 * Invites a person: a new account with an invitation mail, or, when the address already has an
 * account elsewhere in the portal, that account joins the institution (notice mail). A member
 * of this institution with the address answers 409.
 *
 * Parallel invitations of one address: the new account and its membership are created in one
 * transaction, so no other request sees the account without it; an invitation that loses the
 * race for the account joins the account the other created (another institution: 201; this
 * one: 409), instead of answering 409 for an address that is no member, or both answering 201
 * and mailing two invitations of which the first no longer works.
 */
export async function inviteUser(
  db: Db,
  mail: MailContext,
  scope: InstitutionScope,
  invitation: Invitation,
): Promise<InstitutionMember> {
  // A second look only when a parallel request created or deleted the account in between.
  for (let attempt = 1; ; attempt += 1) {
    const lastAttempt = attempt === 3;
    const existing = await findUserByEmail(db, invitation.email);
    if (!existing) {
      const id = await db.transaction(async (tx) => {
        const created = await insertInvitee(tx as unknown as Db, {
          email: invitation.email,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          formOfAddress: invitation.formOfAddress || null,
          title: invitation.title || null,
        });
        if (created) await addMember(tx as unknown as Db, scope, created, invitation.role);
        return created;
      });
      if (id) {
        const member = (await findMember(db, scope, id))!;
        // A mail that cannot be sent undoes the invitation: the admin is told nothing was saved
        // and may simply try again (a second try would otherwise answer 409).
        await undoneUnlessSent(
          async () => {
            await removeMembership(db, scope, id);
            await deleteUnusedInvitee(db, id);
          },
          () => sendInvitation(db, mail, scope, member),
        );
        return toMember(db, member);
      }
      // A parallel invitation of the same address created the account meanwhile.
      if (lastAttempt) throw conflict(messages.emailInUse);
      continue;
    }
    const joined = await joinAccount(db, scope, existing.id, invitation.role);
    // The unused account was deleted meanwhile (its last institution removed it): anew.
    if (joined === 'gone' && !lastAttempt) continue;
    if (joined !== 'added') throw conflict(messages.emailInUse);
    const name = await institutionName(db, scope);
    await undoneUnlessSent(
      () => removeMembership(db, scope, existing.id),
      async () => {
        if (existing.hasAccountActivated) {
          await mail.app.mailer.send(
            addedToInstitutionMail(
              existing,
              name,
              mail.config.publicUrl,
              ROLE_LABELS[invitation.role],
              await inviterOf(db, mail, scope, existing.id),
            ),
          );
        } else {
          await sendInvitation(db, mail, scope, existing);
        }
      },
    );
    return toMember(db, (await findMember(db, scope, existing.id))!);
  }
}

export async function removeUser(db: Db, scope: InstitutionScope, userId: string): Promise<void> {
  const result = await removeMember(db, scope, userId);
  if (result === 'not-found') throw notFound(messages.userNotFound);
  if (result === 'last-admin') throw conflict(messages.lastAdmin);
  await deleteUnusedInvitee(db, userId);
}

export async function changeUserRole(
  db: Db,
  scope: InstitutionScope,
  userId: string,
  role: InstitutionRole,
): Promise<InstitutionMember> {
  const result = await changeRole(db, scope, userId, role);
  if (result === 'not-found') throw notFound(messages.userNotFound);
  if (result === 'last-admin') throw conflict(messages.lastAdmin);
  return toMember(db, (await findMember(db, scope, userId))!);
}

/**
 * Sends a new invitation (the earlier link stops working). Admins for any member; members only
 * for themselves. An activated account needs none (409).
 */
export async function resendInvitation(
  db: Db,
  mail: MailContext,
  scope: InstitutionScope,
  userId: string,
): Promise<void> {
  if (scope.role !== 'INSTITUTION_ADMIN' && scope.userId !== userId) {
    throw forbidden(messages.onlyAdminsInvite);
  }
  const member = await findMember(db, scope, userId);
  if (!member) throw notFound(messages.userNotFound);
  if (member.hasAccountActivated) throw conflict(messages.alreadyActivated);
  await sendInvitation(db, mail, scope, member);
}
