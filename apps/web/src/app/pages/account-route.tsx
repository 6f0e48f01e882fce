import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { AccountPage } from '../../features/account/account-page';
import { currentUserQueryKey } from '../../features/user/api/current-user';
import { decodeJwtClaims, tokenRoles } from '../../lib/jwt';
import { useAppContext } from '../app-context';
import { useBreadcrumbs } from '../breadcrumbs';
import { useServices } from '../services';

const TWO_FACTOR_ROLE = '2fa';

/** An impersonation token: an impersonator other than the subject (spec section 4). */
export function isImpersonationToken(token: string | null): boolean {
  const claims = token ? decodeJwtClaims(token) : null;
  const impersonator = claims?.impersonator as { id?: unknown } | undefined;
  return typeof impersonator?.id === 'string' && impersonator.id !== claims?.sub;
}
const holdsTwoFactor = (token: string | null) => {
  const claims = token ? decodeJwtClaims(token) : null;
  return claims ? tokenRoles(claims).has(TWO_FACTOR_ROLE) : false;
};

/** Mein Konto with the signed-in user; the two-factor status comes from the token's roles. */
export function AccountRoute() {
  const { user, currentInstitutionId } = useAppContext();
  const { session, config } = useServices();
  const breadcrumbs = useBreadcrumbs();
  const [isImpersonating, setIsImpersonating] = useState(false);
  useEffect(() => {
    void session
      .getValidAccessToken()
      .then((token) => setIsImpersonating(isImpersonationToken(token)))
      .catch(() => undefined);
  }, [session]);
  const queryClient = useQueryClient();
  const onAccountChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    [queryClient],
  );
  const readTwoFactorStatus = useCallback(
    async () => holdsTwoFactor(await session.getValidAccessToken()),
    [session],
  );
  const renewTwoFactorStatus = useCallback(
    async () => holdsTwoFactor(await session.renewNow()),
    [session],
  );
  return (
    <AccountPage
      userId={user.id}
      institutionId={currentInstitutionId}
      isImpersonating={isImpersonating}
      credentialsAtProvider={config.credentialsAtProvider === true}
      readTwoFactorStatus={readTwoFactorStatus}
      renewTwoFactorStatus={renewTwoFactorStatus}
      breadcrumbs={breadcrumbs}
      onAccountChanged={onAccountChanged}
    />
  );
}
