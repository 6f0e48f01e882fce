import {
  availableAppointments,
  type Order,
  order as orderSchema,
  tiOrderStatusRecord,
} from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractJson, contractProblem } from '../test/contract-response';
import { PRAXIS_ID, renderApp, setupAppTest, ZAHNARZT_ID } from '../test/render-app';

const server = setupAppTest();

const WAIT = { timeout: 5000 };
/** A link (a mail, a bookmark) to an order of Anna's other institution, Zahnarztpraxis Dr. Müller. */
const OID = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e04';
const muellerTi: Order = {
  id: OID,
  orderType: 'TIORDER',
  orderSource: 'QUNDO',
  status: 'HARDWARE_ORDERED',
  createdAt: '2025-10-06T09:00:00.000Z',
  onboardingURL: null,
  bankingPortal: null,
};
const handlers = [
  http.get(`*/api/institution/${PRAXIS_ID}/order-status/${OID}`, () =>
    contractProblem(404, 'Not Found'),
  ),
  http.get(`*/api/institution/${PRAXIS_ID}/order/${OID}`, () => contractProblem(404, 'Not Found')),
  http.get(`*/api/institution/${ZAHNARZT_ID}/order/${OID}`, () =>
    contractJson(orderSchema, muellerTi),
  ),
  http.get(`*/api/institution/${ZAHNARZT_ID}/order-status/${OID}`, () =>
    contractJson(tiOrderStatusRecord, {
      orderStatus: 'HARDWARE_ORDERED',
      isRegisteredAtEgbr: false,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: false,
      isSmcbCardRequested: false,
      isSmcbCardOrdered: false,
      preCheckAppointment: null,
      installationAppointment: null,
      errorMessage: null,
      version: 1,
    }),
  ),
  http.get('*/api/appointment/', () =>
    contractJson(availableAppointments, { availableAppointments: [] }),
  ),
];

describe('a link to an order of the other institution', () => {
  it('says whose it is and switches there', async () => {
    localStorage.setItem('lastInstitutionId', PRAXIS_ID);
    renderApp(`/orders/ti/status/${OID}`, { server, handlers });
    const button = await screen.findByRole(
      'button',
      { name: 'Zu Zahnarztpraxis Dr. Müller wechseln' },
      WAIT,
    );
    expect(screen.getByTestId('order-elsewhere')).toHaveTextContent(
      'Dieser Auftrag gehört zu Zahnarztpraxis Dr. Müller.',
    );
    await userEvent.click(button);
    expect(
      await screen.findByRole('button', { name: /Institution auswählen/ }, WAIT),
    ).toHaveTextContent('Zahnarztpraxis Dr. Müller');
    expect(await screen.findByTestId('ti-current-status', {}, WAIT)).toHaveTextContent(
      'Aktueller Status: Hardware bestellt',
    );
  });

  it('in the Support-Modus, where the institution cannot be switched, is not found here', async () => {
    localStorage.setItem('lastInstitutionId', PRAXIS_ID);
    renderApp(`/orders/ti/status/${OID}`, { server, handlers, isImpersonating: true });
    expect(await screen.findByTestId('order-not-found', {}, WAIT)).toHaveTextContent(
      'Dieser Auftrag wurde nicht gefunden.',
    );
    expect(screen.queryByRole('button', { name: /wechseln/ })).toBeNull();
  });
});
