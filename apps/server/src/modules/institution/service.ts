import type { Institution } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { INSTITUTION_NOT_FOUND, requireInstitutionAccess } from '../../plugins/access';
import { notFound } from '../../plugins/errors';
import { findInstitution, listMembers, listSupportContacts } from './repository';

/** One institution with its members and support contacts; members only (else 404). */
export async function getInstitution(request: FastifyRequest, id: string): Promise<Institution> {
  await requireInstitutionAccess(request, id);
  const db = request.server.db;
  const row = await findInstitution(db, id);
  if (!row) throw notFound(INSTITUTION_NOT_FOUND);
  const [users, supportContacts] = await Promise.all([
    listMembers(db, id),
    listSupportContacts(db, id),
  ]);
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    postalcode: row.postalcode,
    street: row.street,
    trusted: row.trusted,
    theme: row.theme,
    users,
    supportContacts,
  };
}
