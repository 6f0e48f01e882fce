import '@mantine/core/styles/Anchor.css';
import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Breadcrumb } from '../../components/page-header';
import { PageHeader } from '../../components/page-header';
import { dashboardMarketingGroup } from '../../messages/de/dashboard-marketing-group';
import { useTiles } from './api/tiles';
import { TileGrid, TileSkeletons } from './components/tile-sections';
import classes from './components/tiles.module.css';
import { applyInstitutionQuery } from './model/links';
import { tilesOfGroup } from './model/marketing';

export interface MarketingGroupPageProps {
  institutionId: string | null;
  groupName: string;
  breadcrumbs?: Breadcrumb[];
}

/** /marketing-group/{group}: the marketing tiles of one tile group. */
export function MarketingGroupPage({
  institutionId,
  groupName,
  breadcrumbs,
}: MarketingGroupPageProps) {
  const tiles = useTiles(institutionId);
  const members = useMemo(
    () =>
      institutionId && tiles.data
        ? tilesOfGroup(tiles.data, groupName).map((tile) =>
            applyInstitutionQuery(tile, institutionId),
          )
        : [],
    [institutionId, tiles.data, groupName],
  );
  const description = members.find((tile) => tile.tileGroup)?.tileGroup?.description;
  return (
    <>
      <PageHeader title={groupName} breadcrumbs={breadcrumbs} />
      {description && <p style={{ marginTop: 0 }}>{description}</p>}
      {tiles.isPending ? (
        <TileSkeletons count={3} />
      ) : members.length === 0 ? (
        <div className={classes.empty}>
          {/* A failed load is silent (spec): no claim that the group is empty, only the way back. */}
          {!tiles.isError && <p style={{ marginTop: 0 }}>{dashboardMarketingGroup.empty}</p>}
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
