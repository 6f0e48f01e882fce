import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Anchor, Group, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { shell } from '../../messages/de/shell';
import classes from './shell.module.css';

export const footerLinks = [
  { label: shell.footer.privacy, to: '/datenschutz' },
  { label: shell.footer.imprint, to: '/impressum' },
  { label: shell.footer.terms, to: '/nutzungsbedingungen' },
  { label: shell.footer.faq, to: '/faq' },
] as const;

export interface ShellFooterProps {
  /** External status page; the link is left out when null. */
  serverStatusUrl: string | null;
}

/** Footer links: Datenschutz, Impressum, Nutzungsbedingungen, FAQ and the external Serverstatus. */
export function ShellFooter({ serverStatusUrl }: ShellFooterProps) {
  return (
    <footer className={classes.footer}>
      <nav aria-label={shell.footer.label}>
        <Group gap="lg" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {footerLinks.map((link) => (
            <li key={link.to}>
              <Anchor component={Link} to={link.to} className={classes.footerLink}>
                {link.label}
              </Anchor>
            </li>
          ))}
          {serverStatusUrl && (
            <li>
              <Anchor
                href={serverStatusUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.footerLink}
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                {shell.footer.serverStatus}
                <IconExternalLink size={14} aria-hidden="true" />
                <VisuallyHidden>{` ${shell.common.opensInNewWindow}`}</VisuallyHidden>
              </Anchor>
            </li>
          )}
        </Group>
      </nav>
    </footer>
  );
}
