import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import { Alert, Text } from '@mantine/core';
import { useMemo } from 'react';
import { PageHeader } from '../../components/page-header';
import { app } from '../../messages/de';
import { dashboard } from '../../messages/de/dashboard';
import { useTiles } from './api/tiles';
import { EmptyTiles, TileSections, TileSkeletons } from './components/tile-sections';
import type { BankOrderView } from './model/bank-tiles';
import type { DocumentCount } from './model/built-in-tiles';
import { buildDashboard } from './model/dashboard-tiles';

export interface DashboardPageProps {
  institutionId: string | null;
  /** Name of the current institution; null while it loads or when it failed. */
  institutionName: string | null;
  isTrusted: boolean;
  /** The institution's orders once present (order tile, bank tiles). */
  orders?: readonly BankOrderView[] | undefined;
  /** Document counts per type once present (document tiles). */
  documents?: readonly DocumentCount[] | undefined;
  documentLabel: (documentType: string) => string;
}

/** The dashboard: Meine Partner, Meine Funktionen and the marketing tiles of the institution. */
export function DashboardPage({
  institutionId,
  institutionName,
  isTrusted,
  orders,
  documents,
  documentLabel,
}: DashboardPageProps) {
  const tiles = useTiles(institutionId);
  const model = useMemo(
    () =>
      institutionId && tiles.data
        ? buildDashboard({
            institutionId,
            isTrusted,
            tiles: tiles.data,
            orders,
            documents,
            documentLabel,
          })
        : null,
    [institutionId, isTrusted, tiles.data, orders, documents, documentLabel],
  );
  return (
    <>
      <PageHeader title={app.routes.dashboard} />
      {institutionName && (
        <Text size="lg" fw={500} mb="lg" data-testid="dashboard-institution">
          {institutionName}
        </Text>
      )}
      {tiles.isError && (
        <Alert color="red" role="alert" mb="lg">
          {dashboard.loadFailed}
        </Alert>
      )}
      {!institutionId || tiles.isPending ? (
        tiles.isError ? null : (
          <TileSkeletons />
        )
      ) : model?.isEmpty ? (
        <EmptyTiles />
      ) : model ? (
        <div data-testid="dashboard-tiles" data-institution-id={institutionId}>
          <TileSections model={model} />
        </div>
      ) : null}
    </>
  );
}
