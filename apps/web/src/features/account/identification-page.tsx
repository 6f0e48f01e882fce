import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { LoadingStatus } from '../../components/loading-status';
import { notifyError } from '../../components/notifications';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { account } from '../../messages/de';
import { useIdentStatus, useStartIdentification } from './api/ident';
import { Section } from './components/section';
import type { IdentStatus } from './model/ident-status';

const text = account.identification;
const COLORS: Record<IdentStatus, string> = {
  CREATED: 'blue.9',
  LEGITIMISED: 'teal.9',
  FAILED: 'red.9',
  NOT_EXISTENT: 'gray.8',
};

export interface IdentificationPageProps {
  userId: string;
  /** When the current user last loaded successfully: the status loads again after each. */
  userLoadedAt: number;
  breadcrumbs?: Breadcrumb[];
  /** Opens the identification service (tests replace the navigation). */
  navigate?: (url: string) => void;
}

/** Identifikation: the ident status and starting an identification at the service. */
export function IdentificationPage({
  userId,
  userLoadedAt,
  breadcrumbs,
  navigate = (url) => window.location.assign(url),
}: IdentificationPageProps) {
  const status = useIdentStatus(userId, userLoadedAt);
  const start = useStartIdentification();
  const value = status.data;

  return (
    <>
      <PageHeader title={text.title} breadcrumbs={breadcrumbs} />
      <Stack gap="lg" maw={880}>
        <Section title={text.statusLabel}>
          <Text size="sm">{text.intro}</Text>
          {!value ? (
            <LoadingStatus size="sm" label={text.loading} />
          ) : (
            <Stack gap="xs">
              <Group>
                <Badge color={COLORS[value]} variant="outline" size="lg" data-testid="ident-status">
                  {text.badge[value]}
                </Badge>
              </Group>
              <Text>{text.status[value]}</Text>
            </Stack>
          )}
          {value && value !== 'LEGITIMISED' && (
            <Group>
              <Button
                loading={start.isPending}
                onClick={() =>
                  start.mutate(undefined, {
                    onSuccess: ({ url }) => navigate(url),
                    onError: () => notifyError(text.startFailed),
                  })
                }
              >
                {value === 'NOT_EXISTENT' ? text.start : text.restart}
              </Button>
            </Group>
          )}
        </Section>
      </Stack>
    </>
  );
}
