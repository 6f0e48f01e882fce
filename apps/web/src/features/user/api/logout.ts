import { apiPost } from '../../../lib/api-client';

/** Ends the user's session at the API (before the provider session ends). */
export const postLogout = () => apiPost('/user/logout', undefined, { credentials: 'include' });
