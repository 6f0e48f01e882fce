import { useMutation } from '@tanstack/react-query';
import { apiPost, apiRequest } from '../../../lib/api-client';

/** Step one: the current password; answers a confirmation valid for five minutes. */
export const postConfirmPassword = (password: string) =>
  apiPost<{ confirmation: string }>('/user/confirmPassword', { password });

/** Step two: PUT /user/updatePassword with the new password as a plain-text body. */
export const putPassword = (password: string, confirmation: string) =>
  apiRequest<void>('/user/updatePassword', {
    method: 'PUT',
    body: password,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Password-Confirmation': confirmation,
    },
  });

export const useConfirmPassword = () => useMutation({ mutationFn: postConfirmPassword });

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: ({ password, confirmation }: { password: string; confirmation: string }) =>
      putPassword(password, confirmation),
  });
