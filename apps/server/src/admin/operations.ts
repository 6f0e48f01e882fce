import { ACCOUNT_ROLES, institutionUpdate, invitation as invitationSchema } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { inGermanOrder } from '../db/german-order';
import { businessCases, businessCaseTypes, institutions, relationships, users } from '../db/schema';
import { BUSINESS_CASE_TYPE_LABELS } from '../db/seed/index';
import { findUserByEmail } from '../modules/account/repository';
import { findMember } from '../modules/institution-users/repository';
import {
  changeUserRole,
  inviteUser,
  type MailContext,
  resendInvitation,
} from '../modules/institution-users/service';
import { isUuid, operatorScope } from '../plugins/access';

/** Wrong input or a state the operator must settle first: one line, exit code 78. */
export class UsageError extends Error {}

/** The first zod issue as `--option: message`. */
function firstIssue(error: z.ZodError, options: Record<string, string>): string {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? '');
  return `${options[field] ?? field}: ${issue?.message ?? 'invalid'}`;
}

export interface InstitutionInput {
  /** An existing institution's id; otherwise found by name or created. */
  id?: string | undefined;
  name?: string | undefined;
  city?: string | undefined;
  postalcode?: string | undefined;
  street?: string | undefined;
  trusted: boolean;
}

export interface InviteInput {
  institution: InstitutionInput;
  email: string;
  firstName: string;
  lastName: string;
  formOfAddress?: string | undefined;
  title?: string | undefined;
}

export interface InviteResult {
  institution: {
    id: string;
    name: string;
    trusted: boolean;
    created: boolean;
    /** It existed untrusted and --trusted made it trusted. */
    madeTrusted: boolean;
  };
  user: { id: string; email: string; created: boolean };
  /** What happened to the membership: new, raised to administrator, or already so. */
  membership: 'added' | 'made-admin' | 'unchanged';
  /** The account was activated before: no invitation, the person signs in as before. */
  activated: boolean;
  /** The invitation link (embedded provider, account not yet activated). */
  link?: string | undefined;
}

type InstitutionRow = typeof institutions.$inferSelect;

/** An institution id as given (any case), or a usage error naming the option. */
function institutionIdOf(value: string, option: string): string {
  const id = value.trim().toLowerCase();
  if (!isUuid(id)) {
    throw new UsageError(
      `${option}: "${value}" is no institution id (36 characters as 'npm run admin -- institutions' lists them).`,
    );
  }
  return id;
}

const INSTITUTION_OPTIONS = {
  name: '--institution',
  city: '--city',
  postalcode: '--postalcode',
  street: '--street',
};

/** The institution named by id, or by name (one match), or a new one with the given address. */
async function findOrCreateInstitution(
  db: Db,
  input: InstitutionInput,
): Promise<{ row: InstitutionRow; created: boolean }> {
  if (input.id !== undefined) {
    const scope = operatorScope(institutionIdOf(input.id, '--institution-id'));
    const [row] = await db
      .select()
      .from(institutions)
      .where(eq(institutions.id, scope.institutionId))
      .limit(1);
    if (!row) throw new UsageError(`No institution has the id ${input.id} (--institution-id).`);
    return { row, created: false };
  }
  const name = input.name?.trim() ?? '';
  if (!name)
    throw new UsageError('Name the institution: --institution "<name>" or --institution-id <id>.');
  const matches = await db
    .select()
    .from(institutions)
    .where(sql`lower(trim(${institutions.name})) = lower(${name})`)
    .limit(10);
  if (matches.length > 1) {
    throw new UsageError(
      `${matches.length} institutions are named "${name}" (${matches.map((row) => `${row.id}: ${row.postalcode} ${row.city}`).join('; ')}): choose one with --institution-id.`,
    );
  }
  if (matches[0]) return { row: matches[0], created: false };
  const missing = (['city', 'postalcode', 'street'] as const).filter((key) => !input[key]?.trim());
  if (missing.length > 0) {
    throw new UsageError(
      `There is no institution "${name}" yet; to create it, give ${missing.map((key) => INSTITUTION_OPTIONS[key]).join(', ')}.`,
    );
  }
  const parsed = institutionUpdate.safeParse({
    name,
    city: input.city,
    postalcode: input.postalcode,
    street: input.street,
  });
  if (!parsed.success) throw new UsageError(firstIssue(parsed.error, INSTITUTION_OPTIONS));
  const { version: _version, ...data } = parsed.data;
  const [row] = await db
    .insert(institutions)
    .values({ ...data, trusted: input.trusted })
    .returning();
  return { row: row!, created: true };
}

/**
 * Sets up an administrator of an institution: the institution (found by id or name, or created),
 * the account (found by e-mail, any case, or created) and its membership as INSTITUTION_ADMIN,
 * then the invitation exactly as an administrator's "Unternehmen" page sends it (the same
 * services: token, mail, undo when the mail cannot be sent). Running it again changes nothing
 * but the invitation link: a new one, the earlier stops working (as "Einladung erneut senden").
 *
 * `mail.app.mailer` receives the invitation mail; the link is taken from it.
 */
export async function inviteAdministrator(
  db: Db,
  mail: MailContext & { sentLinks: () => string[] },
  input: InviteInput,
): Promise<InviteResult> {
  const parsed = invitationSchema.safeParse({
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    formOfAddress: input.formOfAddress ?? null,
    title: input.title ?? null,
    role: 'INSTITUTION_ADMIN',
  });
  if (!parsed.success) {
    throw new UsageError(
      firstIssue(parsed.error, {
        email: '--email',
        firstName: '--first-name',
        lastName: '--last-name',
        formOfAddress: '--form-of-address',
        title: '--title',
      }),
    );
  }
  const person = parsed.data;
  const { row, created } = await findOrCreateInstitution(db, input.institution);
  let trusted = row.trusted;
  if (input.institution.trusted && !row.trusted) {
    await db.update(institutions).set({ trusted: true }).where(eq(institutions.id, row.id));
    trusted = true;
  }
  const scope = operatorScope(row.id);
  const existing = await findUserByEmail(db, person.email);
  const member = existing ? await findMember(db, scope, existing.id) : undefined;
  let membership: InviteResult['membership'];
  let userId: string;
  if (!member) {
    // A new account, or an existing one joining: the invitation (or, for an activated account,
    // the notice that it was added) goes out as the app sends it.
    userId = (await inviteUser(db, mail, scope, person)).id;
    membership = 'added';
  } else {
    userId = member.id;
    membership = member.role === 'INSTITUTION_ADMIN' ? 'unchanged' : 'made-admin';
    if (membership === 'made-admin') {
      await changeUserRole(db, scope, userId, 'INSTITUTION_ADMIN');
    }
    if (!member.hasAccountActivated) await resendInvitation(db, mail, scope, userId);
  }
  const activated = member?.hasAccountActivated ?? existing?.hasAccountActivated ?? false;
  return {
    institution: {
      id: row.id,
      name: row.name,
      trusted,
      created,
      madeTrusted: trusted && !row.trusted && !created,
    },
    user: { id: userId, email: existing?.email ?? person.email, created: !existing },
    membership,
    activated,
    link: mail.sentLinks().at(-1),
  };
}

export interface LinkInput {
  contractorId: string;
  customerId: string;
  referenceNumber: string;
  /** Business case type names (TIORDER, BANKACCOUNT, …) the relationship holds besides. */
  businessCases?: string[] | undefined;
}

/** The business case types the portal knows (their German labels as the app shows them). */
export const BUSINESS_CASE_TYPE_NAMES = Object.keys(BUSINESS_CASE_TYPE_LABELS);

/**
 * Lets a trusted institution (the contractor) serve a customer institution under the customer's
 * reference number there ("Kd.-Nr."): the relationship the provider side (acting as a customer's
 * user, the customer search) needs. Again with another number: the number is changed.
 */
export async function linkCustomer(
  db: Db,
  input: LinkInput,
): Promise<{
  created: boolean;
  changed: boolean;
  contractor: string;
  customer: string;
  /** The business cases named, each whether it was added now. */
  businessCases: { name: string; added: boolean }[];
}> {
  const referenceNumber = input.referenceNumber.trim();
  if (!referenceNumber || referenceNumber.length > 100 || /[\r\n]/.test(referenceNumber)) {
    throw new UsageError('--reference-number: one line of 1 to 100 characters.');
  }
  const caseNames = [
    ...new Set((input.businessCases ?? []).map((name) => name.trim().toUpperCase())),
  ];
  const unknown = caseNames.find((name) => !BUSINESS_CASE_TYPE_NAMES.includes(name));
  if (unknown !== undefined) {
    throw new UsageError(
      `--business-case: unknown type "${unknown}"; one of ${BUSINESS_CASE_TYPE_NAMES.join(', ')}.`,
    );
  }
  const load = async (id: string, option: string) => {
    const scope = operatorScope(institutionIdOf(id, option));
    const [row] = await db
      .select()
      .from(institutions)
      .where(eq(institutions.id, scope.institutionId))
      .limit(1);
    if (!row) throw new UsageError(`No institution has the id ${id} (${option}).`);
    return row;
  };
  const contractor = await load(input.contractorId, '--contractor-id');
  const customer = await load(input.customerId, '--customer-id');
  if (contractor.id === customer.id) {
    throw new UsageError('An institution cannot be its own customer.');
  }
  if (!contractor.trusted) {
    throw new UsageError(
      `"${contractor.name}" is not trusted: only a trusted institution serves customers (invite its administrator with --trusted).`,
    );
  }
  const pair = and(
    eq(relationships.contractorId, contractor.id),
    eq(relationships.customerId, customer.id),
  );
  const inserted = await db
    .insert(relationships)
    .values({ contractorId: contractor.id, customerId: customer.id, referenceNumber })
    .onConflictDoNothing()
    .returning({ id: relationships.id });
  let changed = false;
  const [relationship] = await db.select({ id: relationships.id }).from(relationships).where(pair);
  const added: { name: string; added: boolean }[] = [];
  for (const name of caseNames) {
    // The types are the portal's fixed list; a deployment without demo data has none yet.
    await db
      .insert(businessCaseTypes)
      .values({
        name,
        label: BUSINESS_CASE_TYPE_LABELS[name as keyof typeof BUSINESS_CASE_TYPE_LABELS],
      })
      .onConflictDoNothing();
    const [type] = await db
      .select({ id: businessCaseTypes.id })
      .from(businessCaseTypes)
      .where(eq(businessCaseTypes.name, name));
    const [existing] = await db
      .select({ id: businessCases.id })
      .from(businessCases)
      .where(
        and(
          eq(businessCases.relationshipId, relationship!.id),
          eq(businessCases.businessCaseTypeId, type!.id),
        ),
      )
      .limit(1);
    if (!existing) {
      await db
        .insert(businessCases)
        .values({ relationshipId: relationship!.id, businessCaseTypeId: type!.id });
    }
    added.push({ name, added: !existing });
  }
  if (inserted.length === 0) {
    const updated = await db
      .update(relationships)
      .set({ referenceNumber })
      .where(and(pair, sql`${relationships.referenceNumber} <> ${referenceNumber}`))
      .returning({ id: relationships.id });
    changed = updated.length > 0;
  }
  return {
    created: inserted.length > 0,
    changed,
    contractor: contractor.name,
    customer: customer.name,
    businessCases: added,
  };
}

/** Every institution, in German order of names: id, name, address, trusted. */
export async function listInstitutions(db: Db) {
  return db
    .select({
      id: institutions.id,
      name: institutions.name,
      postalcode: institutions.postalcode,
      city: institutions.city,
      trusted: institutions.trusted,
    })
    .from(institutions)
    .orderBy(inGermanOrder(institutions.name));
}

export interface ResetTwoFactorResult {
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    formOfAddress: string | null;
    title: string | null;
  };
  /** False when two-factor sign-in was not on: nothing changed. */
  reset: boolean;
}

/**
 * Turns two-factor sign-in off for the account with this e-mail address (any case), as
 * 'Deaktivieren' on Mein Konto does but without the code: for a person who lost the phone and
 * the key. The secret and the realm role `2fa` go in one statement; the next sign-in asks for
 * the password only.
 */
export async function resetTwoFactor(db: Db, email: string): Promise<ResetTwoFactorResult> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`--email: no account has the e-mail address ${email.trim()}.`);
  const person = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    formOfAddress: user.formOfAddress,
    title: user.title,
  };
  const changed = await db
    .update(users)
    .set({
      totpSecret: null,
      realmRoles: sql`array_remove(${users.realmRoles}, ${ACCOUNT_ROLES.twoFactor}::text)`,
    })
    .where(
      and(
        eq(users.id, user.id),
        sql`(${users.totpSecret} is not null or ${ACCOUNT_ROLES.twoFactor}::text = any(${users.realmRoles}))`,
      ),
    )
    .returning({ id: users.id });
  return { user: person, reset: changed.length > 0 };
}
