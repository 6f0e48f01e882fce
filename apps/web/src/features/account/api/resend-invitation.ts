import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /institution/{id}/user/{userId}/email/invitation */
export const postResendInvitation = (institutionId: string, userId: string) =>
  apiPost(
    `/institution/${encodeURIComponent(institutionId)}/user/${encodeURIComponent(userId)}/email/invitation`,
  );

export const useResendInvitation = () =>
  useMutation({
    mutationFn: ({ institutionId, userId }: { institutionId: string; userId: string }) =>
      postResendInvitation(institutionId, userId),
  });
