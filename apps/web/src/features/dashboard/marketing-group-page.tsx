import '@mantine/core/styles/Anchor.css';
import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import type { Breadcrumb } from '../../components/page-header';
import { PageHeader } from '../../components/page-header';
import { dashboardMarketingGroup } from '../../messages/de/dashboard-marketing-group';
import { useTiles } from './api/tiles';
import { TileGrid, TileSkeletons } from './components/tile-sections';
import classes from './components/tiles.module.css';
import type { BankOrderView } from './model/bank-tiles';
import { storedTilesAsShown } from './model/dashboard-tiles';
import { tilesOfGroup } from './model/marketing';

export interface MarketingGroupPageProps {
  institutionId: string | null;
  groupName: string;
  breadcrumbs?: Breadcrumb[];
  /** The institution's orders once present: a bank tile links by its order's status. */
  orders?: readonly BankOrderView[] | undefined;
}

/** /marketing-group/{group}: the marketing tiles of one tile group. */
export function MarketingGroupPage({
  institutionId,
  groupName,
  breadcrumbs,
  orders,
}: MarketingGroupPageProps) {
  const tiles = useTiles(institutionId);
  const members = useMemo(
    () =>
      // Linked and named as on the dashboard (bank tiles by their order's status).
      institutionId && tiles.data
        ? storedTilesAsShown(tilesOfGroup(tiles.data, groupName), orders, institutionId)
        : [],
    [institutionId, tiles.data, groupName, orders],
  );
  const description = members.find((tile) => tile.tileGroup)?.tileGroup?.description;
  return (
    <>
      <PageHeader title={groupName} breadcrumbs={breadcrumbs} />
      {description && <p style={{ marginTop: 0 }}>{description}</p>}
      {tiles.isPending ? (
        <TileSkeletons count={3} />
      ) : tiles.isError && !tiles.data ? (
        // No claim that the group is empty: said, with another try and the way back.
        <div className={classes.empty}>
          <LoadFailed
            message={dashboardMarketingGroup.loadFailed}
            isRetrying={tiles.isFetching}
            onRetry={() => void tiles.refetch()}
          />
          <Anchor component={Link} to="/dashboard" mt="sm" display="inline-block">
            {dashboardMarketingGroup.back}
          </Anchor>
        </div>
      ) : members.length === 0 ? (
        <div className={classes.empty}>
          <p style={{ marginTop: 0 }}>{dashboardMarketingGroup.empty}</p>
          <Anchor component={Link} to="/dashboard">
            {dashboardMarketingGroup.back}
          </Anchor>
        </div>
      ) : (
        <div data-testid="marketing-group-tiles">
          <TileGrid tiles={members} />
        </div>
      )}
    </>
  );
}
