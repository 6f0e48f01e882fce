import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { app } from '../../messages/de';

export interface DashboardPageProps {
  /** Name of the current institution; null while it loads or when it failed. */
  institutionName: string | null;
}

/** The dashboard: heading and the current institution (the tiles come with a later change). */
export function DashboardPage({ institutionName }: DashboardPageProps) {
  return (
    <>
      <PageHeader title={app.routes.dashboard} />
      {institutionName && (
        <Text size="lg" fw={500} data-testid="dashboard-institution">
          {institutionName}
        </Text>
      )}
    </>
  );
}
