import { dashboard } from '../../../messages/de/dashboard';
import type { DashboardModel } from '../model/dashboard-tiles';
import type { TileView } from '../model/types';
import { TileCard } from './tile-card';
import classes from './tiles.module.css';

export function TileGrid({ tiles, isPreview }: { tiles: TileView[]; isPreview?: boolean }) {
  return (
    <div className={classes.gridContainer}>
      <ul className={classes.grid}>
        {tiles.map((tile) => (
          <li key={tile.id}>
            <TileCard tile={tile} isPreview={isPreview} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface TileSectionsProps {
  model: Pick<DashboardModel, 'primary' | 'functional' | 'marketing'>;
  /** Prefix for the section heading ids (two instances on one page need different ones). */
  idPrefix?: string;
  isPreview?: boolean;
  headingLevel?: 2 | 3;
}

const SECTIONS = ['primary', 'functional', 'marketing'] as const;

/** Meine Partner, Meine Funktionen and the marketing tiles: shared by dashboard and editor preview. */
export function TileSections({
  model,
  idPrefix = 'dashboard',
  isPreview,
  headingLevel = 2,
}: TileSectionsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return SECTIONS.map((key) => {
    const tiles = model[key];
    if (tiles.length === 0) return null;
    const id = `${idPrefix}-${key}`;
    return (
      <section key={key} className={classes.section} aria-labelledby={id}>
        <Heading id={id} className={classes.sectionTitle}>
          {dashboard.sections[key]}
        </Heading>
        <TileGrid tiles={tiles} isPreview={isPreview} />
      </section>
    );
  });
}

export function TileSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div aria-busy="true" data-testid="tile-skeletons">
      <span className={classes.visuallyHidden} role="status">
        {dashboard.loading}
      </span>
      <div className={classes.gridContainer} aria-hidden="true">
        <ul className={classes.grid}>
          {Array.from({ length: count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <li key={index}>
              <div className={classes.skeleton} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * No tiles at all (a new practice): says so, and points only to what this person has: the
 * switcher when there are other institutions, the help button when it is shown.
 */
export function EmptyTiles({
  hasOtherInstitutions = false,
  hasSupportContacts = false,
}: {
  hasOtherInstitutions?: boolean;
  hasSupportContacts?: boolean;
}) {
  const text = [
    dashboard.empty.body,
    ...(hasOtherInstitutions ? [dashboard.empty.otherInstitutions] : []),
    ...(hasSupportContacts ? [dashboard.empty.contacts] : []),
  ].join(' ');
  return (
    <div className={classes.empty} data-testid="dashboard-empty">
      <h2 className={classes.sectionTitle}>{dashboard.empty.title}</h2>
      <p style={{ margin: 0 }}>{text}</p>
    </div>
  );
}
