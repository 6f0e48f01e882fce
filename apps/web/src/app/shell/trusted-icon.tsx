import { IconShieldCheck } from '@tabler/icons-react';
import { shell } from '../../messages/de/shell';
import classes from './shell.module.css';

/** The shield shown beside trusted institutions, named for screen readers. */
export function TrustedIcon({ size = 18 }: { size?: number }) {
  return (
    <span className={classes.trustedIcon} title={shell.institution.trusted}>
      <IconShieldCheck size={size} stroke={2} role="img" aria-label={shell.institution.trusted} />
    </span>
  );
}
