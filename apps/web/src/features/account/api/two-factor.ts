import type { OtpActivate, OtpInit } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export const postTwoFactorInit = () => apiPost<OtpInit>('/user/2fa/init');
export const postTwoFactorActivate = (body: OtpActivate) => apiPost('/user/2fa/activate', body);
export const postTwoFactorDisable = (otpCode: string) => apiPost('/user/2fa/disable', { otpCode });

export const useTwoFactorInit = () => useMutation({ mutationFn: postTwoFactorInit });
export const useTwoFactorActivate = () => useMutation({ mutationFn: postTwoFactorActivate });
export const useTwoFactorDisable = () => useMutation({ mutationFn: postTwoFactorDisable });
