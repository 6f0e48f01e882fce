import type { PublicConfig } from '@portal/contract';
import { apiGet } from './api-client';

/** Runtime configuration read before sign-in (no token). */
export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiGet<PublicConfig>('/clients/public/config', signal);
}
