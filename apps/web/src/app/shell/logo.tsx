import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { shell } from '../../messages/de/shell';
import classes from './shell.module.css';

/** The portal's mark: a stylised building in a rounded square. */
function PortalMark() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="var(--mantine-primary-color-filled)" />
      <path d="M10 30h20" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path
        d="M12 30V17l8-6 8 6v13"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M17 30v-6h6v6" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  );
}

/** Logo and wordmark, linking to the dashboard. */
export function PortalLogo() {
  return (
    <Link to="/dashboard" aria-label={shell.brand.homeLinkLabel} className={classes.logo}>
      <Group gap="sm" wrap="nowrap">
        <PortalMark />
        <Text component="span" fw={700} fz="lg" className={classes.wordmark}>
          {shell.brand.name}
        </Text>
      </Group>
    </Link>
  );
}
