import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import type { Tile } from '@portal/contract';
import { useMemo } from 'react';
import { PageHeader } from '../../components/page-header';
import { app } from '../../messages/de';
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
}

const NO_TILES: readonly Tile[] = [];

/**
 * The dashboard: Meine Partner, Meine Funktionen and the marketing tiles of the institution.
 * A failed tile load is silent (spec: no message): the dashboard shows what the other answers
 * give (order and document tiles) as if the institution had no tiles of its own.
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
}: DashboardPageProps) {
  const tiles = useTiles(institutionId);
  // Once loading has ended: the tiles there are, none when the load failed.
  const loadedTiles = tiles.data ?? (tiles.isError ? NO_TILES : undefined);
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
      {!model ? (
        <TileSkeletons />
      ) : model.isEmpty ? (
        // "No tiles unlocked" would be a guess after a failed load: silent instead.
        tiles.isError ? null : (
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
