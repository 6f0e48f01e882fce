import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { orders as t } from '../../../messages/de';

/**
 * Whether an order's load failed because the current institution has no such order: a link to
 * another institution's order, or to one deleted. Other failures stay silent (spec section 8).
 */
export const isOrderNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** Says that the order is not found here, instead of an empty Bestellstatus page. */
export function OrderNotFound() {
  return (
    <Alert color="yellow" role="status" data-testid="order-not-found">
      {t.notFound}{' '}
      <Anchor component={Link} to="/orders" inherit>
        {t.toOrders}
      </Anchor>
    </Alert>
  );
}
