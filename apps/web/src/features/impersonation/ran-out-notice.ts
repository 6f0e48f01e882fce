import { buildNotification, show as showNotification } from '../../components/notifications';
import { impersonation as t } from '../../messages/de/impersonation';

/**
 * The notice after an impersonation ran out (its 30 minutes, or a renewal the provider
 * refused) and the page reloaded as the support user's own: it stays until dismissed, since
 * the run-out is usually found on coming back to an idle page. Loaded only when needed.
 */
export function show(): string {
  return showNotification({
    ...buildNotification('success', t.ranOut, { persistent: true }),
    color: 'blue',
  });
}
