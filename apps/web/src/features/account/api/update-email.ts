import type { AccountData } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountDataQueryKey } from './account-data';

let inFlight: Promise<AccountData> | null = null;

/**
 * PUT /user/updateEmail with the confirmation of the current password
 * (`POST /user/confirmPassword`), guarded against parallel calls: while one change is on its
 * way, a second call gets the same answer instead of sending another request. The answer names
 * the new address as `pendingEmail`: it applies once the link mailed to it is opened.
 */
export function putEmail(email: string, confirmation: string): Promise<AccountData> {
  inFlight ??= apiRequest<AccountData>('/user/updateEmail', {
    method: 'PUT',
    body: { email },
    headers: { 'X-Password-Confirmation': confirmation },
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export function useUpdateEmail(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, confirmation }: { email: string; confirmation: string }) =>
      putEmail(email, confirmation),
    onSuccess: (data) => queryClient.setQueryData(accountDataQueryKey(userId), data),
  });
}
