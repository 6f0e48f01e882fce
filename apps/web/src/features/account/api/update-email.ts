import type { AccountData } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountDataQueryKey } from './account-data';

let inFlight: Promise<AccountData> | null = null;

/**
 * PUT /user/updateEmail, guarded against parallel calls: while one change is on its way, a
 * second call gets the same answer instead of sending another request.
 */
export function putEmail(email: string): Promise<AccountData> {
  inFlight ??= apiRequest<AccountData>('/user/updateEmail', {
    method: 'PUT',
    body: { email },
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export function useUpdateEmail(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putEmail,
    onSuccess: (data) => queryClient.setQueryData(accountDataQueryKey(userId), data),
  });
}
