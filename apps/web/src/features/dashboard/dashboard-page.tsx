import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import type { Tile } from '@portal/contract';
import { useMemo } from 'react';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { app } from '../../messages/de';
import { dashboard as t } from '../../messages/de/dashboard';
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
  /** The person has other institutions to switch to (the empty state says where). */
  hasOtherInstitutions?: boolean;
  /** The institution has support contacts, so the help button is shown. */
  hasSupportContacts?: boolean;
  /**
   * The first load of the orders or the document counts failed (their tiles are missing):
   * another try, with the page's own tile load, under 'Erneut laden'.
   */
  failedLoad?: { isRetrying: boolean; retry(): void } | null;
}

const NO_TILES: readonly Tile[] = [];

/**
 * The dashboard: Meine Partner, Meine Funktionen and the marketing tiles of the institution.
 * A failed load (the tiles, the orders, the document counts) says that tiles are missing and
 * offers 'Erneut laden' above the tiles the other answers give (docs/decisions/018): silent,
 * the page had stayed blank, or looked complete without the practice's partners.
 */
export function DashboardPage({
  institutionId,
  institutionName,
  isTrusted,
  orders,
  documents,
  documentLabel,
  hasOtherInstitutions = false,
  hasSupportContacts = false,
  failedLoad = null,
}: DashboardPageProps) {
  const tiles = useTiles(institutionId);
  // Once loading has ended: the tiles there are, none when the load failed.
  const loadedTiles = tiles.data ?? (tiles.isError ? NO_TILES : undefined);
  // A failed first load (a failed reload keeps the tiles it had, without a notice).
  const tilesFailed = tiles.isError && !tiles.data;
  const model = useMemo(
    () =>
      institutionId && loadedTiles
        ? buildDashboard({
            institutionId,
            isTrusted,
            tiles: loadedTiles,
            orders,
            documents,
            documentLabel,
          })
        : null,
    [institutionId, isTrusted, loadedTiles, orders, documents, documentLabel],
  );
  return (
    <>
      <PageHeader title={app.routes.dashboard} />
      {institutionName && (
        <Text size="lg" fw={500} mb="lg" data-testid="dashboard-institution">
          {institutionName}
        </Text>
      )}
      {model && (tilesFailed || failedLoad) && (
        <div style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
          <LoadFailed
            message={t.loadFailed}
            isRetrying={tiles.isFetching || (failedLoad?.isRetrying ?? false)}
            onRetry={() => {
              if (tilesFailed) void tiles.refetch();
              failedLoad?.retry();
            }}
          />
        </div>
      )}
      {!model ? (
        <TileSkeletons />
      ) : model.isEmpty ? (
        // "No tiles unlocked" would be a guess after a failed load: the notice above only.
        tilesFailed || failedLoad ? null : (
          <EmptyTiles
            hasOtherInstitutions={hasOtherInstitutions}
            hasSupportContacts={hasSupportContacts}
          />
        )
      ) : (
        <div data-testid="dashboard-tiles" data-institution-id={institutionId}>
          <TileSections model={model} />
        </div>
      )}
    </>
  );
}
