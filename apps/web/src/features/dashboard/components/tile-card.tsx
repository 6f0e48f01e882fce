import { Link, useLocation } from 'react-router';
import { useImageSource } from '../../../components/use-image-source';
import { dashboard } from '../../../messages/de/dashboard';
import { isTileActive, tileHref } from '../model/links';
import type { TileView } from '../model/types';
import classes from './tiles.module.css';

/** The tile's first letter in a tinted square: no icon, or one that did not load. */
function FallbackIcon({ tile }: { tile: TileView }) {
  return (
    <span className={classes.iconFallback} aria-hidden="true" data-testid="tile-icon-fallback">
      {tile.name.charAt(0).toLocaleUpperCase('de-DE')}
    </span>
  );
}

function TileIcon({ tile }: { tile: TileView }) {
  // An icon that does not load (a typo in the tile editor, a removed file): the tile shows its
  // letter instead of an empty 40 px gap.
  const { src: icon, onError } = useImageSource(tile.icon);
  if (tile.iconPath) {
    return (
      <svg
        className={classes.inlineIcon}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        data-testid="tile-icon-inline"
      >
        <path d={tile.iconPath} />
      </svg>
    );
  }
  if (!icon) return <FallbackIcon tile={tile} />;
  if (tile.isDyeable) {
    // A mask that does not load hides the whole square: the hidden image tells. A mask is
    // fetched in CORS mode; as `crossOrigin` the image shares that request (and the one decoded
    // SVG document) instead of fetching the icon a second time.
    return (
      <span
        className={classes.dyed}
        aria-hidden="true"
        data-testid="tile-icon-dyed"
        style={{ maskImage: `url("${icon}")`, WebkitMaskImage: `url("${icon}")` }}
      >
        <img src={icon} alt="" hidden crossOrigin="anonymous" onError={onError} />
      </span>
    );
  }
  return (
    <img className={classes.icon} src={icon} alt="" width={40} height={40} onError={onError} />
  );
}

export interface TileCardProps {
  tile: TileView;
  /** In the editor's preview links lead nowhere: rendered, not followed. */
  isPreview?: boolean;
}

/**
 * One tile: a link (internal through the router; external in a new tab with
 * rel="noopener noreferrer"), keyboard-activatable with a visible focus ring, an unread badge
 * and the active marking (onePath).
 */
export function TileCard({ tile, isPreview = false }: TileCardProps) {
  const { pathname } = useLocation();
  const isActive = isTileActive(tile, pathname);
  const text = tile.shortDescription || tile.description;
  const count = tile.notificationCount ?? 0;
  const content = (
    <>
      <TileIcon tile={tile} />
      <span className={classes.tileBody}>
        {tile.title && tile.title !== tile.name && (
          <span className={classes.tileTitle}>{tile.title}</span>
        )}
        <span className={classes.tileName}>{tile.name}</span>
        {text && <span className={classes.tileText}>{text}</span>}
      </span>
      {count > 0 && (
        <span className={classes.badge} data-testid="tile-badge">
          <span aria-hidden="true">{count}</span>
          <span className={classes.visuallyHidden}>{dashboard.unread(count)}</span>
        </span>
      )}
      {!tile.isInternal && (
        <span className={classes.external}>
          <span aria-hidden="true">↗</span>
          <span className={classes.visuallyHidden}>{dashboard.opensInNewTab}</span>
        </span>
      )}
    </>
  );
  const common = {
    className: classes.tile,
    'data-active': isActive || undefined,
    'aria-current': isActive ? ('page' as const) : undefined,
    'data-testid': 'tile',
  };
  const href = tileHref(tile);
  if (isPreview) {
    return (
      <div {...common} data-href={href}>
        {content}
      </div>
    );
  }
  if (tile.isInternal) {
    return (
      <Link to={href} {...common}>
        {content}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...common}>
      {content}
    </a>
  );
}
