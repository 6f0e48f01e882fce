import type {
  Institution,
  InstitutionMember,
  InstitutionRole,
  InstitutionUpdate,
  Invitation,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';

const base = (institutionId: string) => `/institution/${encodeURIComponent(institutionId)}`;
const userPath = (institutionId: string, userId: string) =>
  `${base(institutionId)}/user/${encodeURIComponent(userId)}`;

/** GET /institution/{id}: the institution as it is saved now (after a conflict). */
export const fetchInstitution = (institutionId: string) => apiGet<Institution>(base(institutionId));

/** PUT /institution/{id} (with the version the change is based on: 409 when it changed). */
export const putInstitution = (institutionId: string, update: InstitutionUpdate) =>
  apiRequest<Institution>(base(institutionId), { method: 'PUT', body: update });

/** POST /institution/{id}/user */
export const postInvitation = (institutionId: string, invitation: Invitation) =>
  apiPost<InstitutionMember>(`${base(institutionId)}/user`, invitation);

/** DELETE /institution/{id}/user/{userId} */
export const deleteInstitutionUser = (institutionId: string, userId: string) =>
  apiRequest<void>(userPath(institutionId, userId), { method: 'DELETE' });

/** PUT /institution/{id}/user/{userId} */
export const putUserRole = (institutionId: string, userId: string, role: InstitutionRole) =>
  apiRequest<InstitutionMember>(userPath(institutionId, userId), {
    method: 'PUT',
    body: { role },
  });

/** POST /institution/{id}/user/{userId}/email/invitation */
export const postInvitationMail = (institutionId: string, userId: string) =>
  apiPost(`${userPath(institutionId, userId)}/email/invitation`);

export const useUpdateInstitution = (institutionId: string) =>
  useMutation({ mutationFn: (update: InstitutionUpdate) => putInstitution(institutionId, update) });

export const useInviteUser = (institutionId: string) =>
  useMutation({
    mutationFn: (invitation: Invitation) => postInvitation(institutionId, invitation),
  });

export const useDeleteUser = (institutionId: string) =>
  useMutation({ mutationFn: (userId: string) => deleteInstitutionUser(institutionId, userId) });

export const useChangeRole = (institutionId: string) =>
  useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: InstitutionRole }) =>
      putUserRole(institutionId, userId, role),
  });

export const useResendInvitationMail = (institutionId: string) =>
  useMutation({ mutationFn: (userId: string) => postInvitationMail(institutionId, userId) });
