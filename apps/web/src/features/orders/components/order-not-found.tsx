import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { Order } from '@portal/contract';
import { ID_PATTERN } from '@portal/contract/ids';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadingStatus } from '../../../components/loading-status';
import { apiGet, isApiError } from '../../../lib/api-client';
import { orders as t } from '../../../messages/de';

/**
 * Whether an order's load failed because the current institution has no such order: a link to
 * another institution's order, or to one deleted (404), or a link whose id is no id at all, as
 * a mail program may cut a long address (400). Other failures stay silent (spec section 8).
 */
export const isOrderNotFound = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 400);

/** Another of the user's institutions, where a linked order may be. */
export interface OtherInstitution {
  id: string;
  name: string;
}

export interface OrderNotFoundProps {
  orderId: string;
  /** The user's other institutions: the order is looked up there too. */
  elsewhere?: readonly OtherInstitution[];
  /** Switches to the institution that has the order (the page then shows it). */
  onSwitchInstitution?(institutionId: string): void;
}

/**
 * Says that the order is not found here, instead of an empty Bestellstatus page. A link (a
 * mail, a bookmark, a colleague's address) to an order of another of the user's institutions
 * says whose it is and switches there with one click: it had said only "not found".
 */
export function OrderNotFound({
  orderId,
  elsewhere = [],
  onSwitchInstitution,
}: OrderNotFoundProps) {
  const lookups = useQueries({
    queries: (ID_PATTERN.test(orderId) && onSwitchInstitution ? elsewhere : []).map(
      (institution) => ({
        queryKey: ['order', institution.id, orderId] as const,
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiGet<Order>(
            `/institution/${encodeURIComponent(institution.id)}/order/${encodeURIComponent(orderId)}`,
            signal,
          ),
        retry: false,
      }),
    ),
  });
  const index = lookups.findIndex((lookup) => lookup.isSuccess);
  const owner = index >= 0 ? elsewhere[index] : undefined;
  if (!owner && lookups.some((lookup) => lookup.isPending)) {
    return <LoadingStatus size="sm" label={t.loading} />;
  }
  if (owner && onSwitchInstitution) {
    return (
      <Alert color="blue" role="status" data-testid="order-elsewhere">
        <Stack gap="sm" align="flex-start">
          <Text inherit>{t.elsewhere(owner.name)}</Text>
          <Button onClick={() => onSwitchInstitution(owner.id)}>{t.switchTo(owner.name)}</Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" role="status" data-testid="order-not-found">
      {t.notFound}{' '}
      <Anchor component={Link} to="/orders" inherit>
        {t.toOrders}
      </Anchor>
    </Alert>
  );
}
