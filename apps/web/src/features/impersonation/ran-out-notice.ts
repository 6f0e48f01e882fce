import { buildNotification, show as showNotification } from '../../components/notifications';
import type { ImpersonationEnd } from '../../lib/impersonation-tokens';
import { impersonation as t } from '../../messages/de/impersonation';

/**
 * The notice after an impersonation ran out (its 30 minutes, or a renewal the provider
 * refused) and the page reloaded as the support user's own: it stays until dismissed, since
 * the run-out is usually found on coming back to an idle page. A renewal refused well before
 * the end says that it was ended, not that it ran out. Loaded only when needed.
 */
export function show(end: ImpersonationEnd): string {
  return showNotification({
    ...buildNotification('success', end === 'ended-early' ? t.endedEarly : t.ranOut, {
      persistent: true,
    }),
    color: 'blue',
  });
}
