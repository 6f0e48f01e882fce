import './styles';
import {
  Button,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FinancingRequestInput } from '@portal/contract';
import { focusFirstInvalid } from '../../components/focus-first-invalid';
import { LeaveGuard } from '../../components/leave-guard';
import { LoadFailed } from '../../components/load-failed';
import { LoadingStatus } from '../../components/loading-status';
import { notifyError, notifySuccess } from '../../components/notifications';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { ScrollTable } from '../../components/scroll-table';
import { useSingleFlight } from '../../lib/use-single-flight';
import { type DirtyReport, useReportDirty } from '../../lib/use-unsaved-parts';
import { orders as t } from '../../messages/de';
import { useFinancingRequests, useSubmitFinancingRequest } from './api/orders-api';
import { formatDate, formatEuro } from './model/formats';
import { PURPOSE_MAX_LENGTH } from './model/limits';

export interface CreditOfferPageProps {
  institutionId: string;
  breadcrumbs: Breadcrumb[];
  /** Told whether the form holds unsent input (the shell asks before another institution). */
  onUnsavedChangesChange?: DirtyReport;
}

interface FormValues {
  amount: number | string;
  purpose: string;
  termMonths: number | string;
  phone: string;
}

/** Error text dark enough for WCAG AA contrast on white. */
const ERROR_PROPS = { c: 'red.9' } as const;

const PHONE = /^\+?[0-9 ()/-]{6,30}$/;

/** Mein Finanzierungswunsch: the request form and the earlier requests. */
export function CreditOfferPage({
  institutionId,
  breadcrumbs,
  onUnsavedChangesChange,
}: CreditOfferPageProps) {
  const list = useFinancingRequests(institutionId);
  const submit = useSubmitFinancingRequest(institutionId);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { amount: '', purpose: '', termMonths: '', phone: '' },
    validate: {
      amount: (v) =>
        typeof v === 'number' && v > 0 && v <= 10_000_000 ? null : t.credit.amountInvalid,
      purpose: (v) => (v.trim().length >= 3 ? null : t.credit.purposeInvalid),
      termMonths: (v) =>
        typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 360
          ? null
          : t.credit.termInvalid,
      phone: (v) => (PHONE.test(v.trim()) ? null : t.credit.phoneInvalid),
    },
  });
  // Typed but not sent: a link, Back, a reload or another institution had dropped it silently
  // (a purpose of up to 500 characters among it); now they ask first.
  const hasInput = Object.values(form.values).some((value) => String(value).trim() !== '');
  useReportDirty(hasInput, onUnsavedChangesChange);
  const once = useSingleFlight();
  const onSubmit = form.onSubmit(
    (values) => {
      const input: FinancingRequestInput = {
        amount: Number(values.amount),
        purpose: values.purpose.trim(),
        termMonths: Number(values.termMonths),
        phone: values.phone.trim(),
      };
      // A double click sends one request, not two (each is stored and mailed).
      once(() =>
        submit.mutateAsync(input).then(
          () => {
            notifySuccess(t.credit.sent);
            form.reset();
          },
          () => notifyError(t.credit.failed),
        ),
      );
      // Refused for its own fields: to the first one to fix (it had stayed on the button, the
      // errors unannounced to a screen-reader user).
    },
    (_errors, _values, event) => focusFirstInvalid((event?.currentTarget as Element) ?? null),
  );
  return (
    <Stack gap="lg">
      <LeaveGuard isDirty={hasInput} />
      <PageHeader title={t.credit.title} breadcrumbs={breadcrumbs} />
      <Text maw={720}>{t.credit.intro}</Text>
      <Paper
        withBorder
        p="md"
        maw={720}
        component="form"
        onSubmit={onSubmit}
        noValidate
        aria-label={t.credit.title}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t.credit.amount}
              errorProps={ERROR_PROPS}
              required
              decimalSeparator=","
              thousandSeparator="."
              // Only the comma starts the cents. By default the field also took a typed '.' for
              // the decimal point, so '1.500,55' (as written in Germany) became 1,50 €.
              allowedDecimalSeparators={[',']}
              decimalScale={2}
              min={0}
              allowNegative={false}
              suffix=" €"
              // No up and down arrows: a step of 1 € is of no use, and on a phone they were
              // two targets of 24 × 17 px stacked in the field's corner (WCAG 2.5.8).
              hideControls
              {...form.getInputProps('amount')}
            />
            <NumberInput
              label={t.credit.term}
              errorProps={ERROR_PROPS}
              required
              min={1}
              max={360}
              // Not changed behind her back: 400 typed had become 360 on leaving the field,
              // never saying so; now the field keeps it and says what is allowed.
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              hideControls
              {...form.getInputProps('termMonths')}
            />
          </SimpleGrid>
          <Textarea
            errorProps={ERROR_PROPS}
            label={t.credit.purpose}
            description={t.credit.purposeLength(form.values.purpose.length, PURPOSE_MAX_LENGTH)}
            required
            autosize
            minRows={2}
            maxLength={PURPOSE_MAX_LENGTH}
            {...form.getInputProps('purpose')}
          />
          <TextInput
            errorProps={ERROR_PROPS}
            label={t.credit.phone}
            required
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
          <Button type="submit" loading={submit.isPending} style={{ alignSelf: 'flex-start' }}>
            {t.credit.submit}
          </Button>
        </Stack>
      </Paper>
      <section aria-labelledby="earlier-requests">
        <Title order={2} size="h3" id="earlier-requests" mb="sm">
          {t.credit.earlier}
        </Title>
        {list.isPending ? (
          <LoadingStatus size="sm" label={t.loading} />
        ) : !list.data ? (
          // The earlier requests could not be loaded (it had said they could not be sent).
          <LoadFailed
            message={t.credit.earlierFailed}
            isRetrying={list.isFetching}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.length === 0 ? (
          <Text c="dimmed">{t.credit.noEarlier}</Text>
        ) : (
          <ScrollTable minWidth={560} label={t.credit.earlier}>
            <Table striped data-testid="financing-requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.credit.createdAt}</Table.Th>
                  <Table.Th>{t.credit.amount}</Table.Th>
                  <Table.Th>{t.credit.purpose}</Table.Th>
                  <Table.Th>{t.credit.term}</Table.Th>
                  <Table.Th>{t.credit.state}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((request) => (
                  <Table.Tr key={request.id}>
                    <Table.Td>{formatDate(request.createdAt)}</Table.Td>
                    <Table.Td>{formatEuro(request.amount)}</Table.Td>
                    <Table.Td>{request.purpose}</Table.Td>
                    <Table.Td>{t.credit.months(request.termMonths)}</Table.Td>
                    <Table.Td>{t.credit.states[request.state] ?? request.state}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </section>
    </Stack>
  );
}
