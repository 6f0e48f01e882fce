import type { Institution } from '@portal/contract';
import type { Db } from '../../db/client';
import { INSTITUTION_NOT_FOUND, type InstitutionScope } from '../../plugins/access';
import { notFound } from '../../plugins/errors';
import { findInstitutionWithDetails } from './repository';

/** The scope's institution with its members and support contacts. */
export async function getInstitution(db: Db, scope: InstitutionScope): Promise<Institution> {
  const row = await findInstitutionWithDetails(db, scope);
  if (!row) throw notFound(INSTITUTION_NOT_FOUND);
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    postalcode: row.postalcode,
    street: row.street,
    trusted: row.trusted,
    theme: row.theme,
    version: row.version,
    users: row.users,
    supportContacts: row.supportContacts,
  };
}
