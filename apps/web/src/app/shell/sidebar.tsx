import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Accordion, NavLink, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { shell } from '../../messages/de/shell';
import type { ShellSidebarSection } from './types';

export interface SidebarProps {
  sections: ShellSidebarSection[];
  /** Called after a link was followed, e.g. to close the sidebar. */
  onNavigate?(): void;
}

/** Sections that hold the active link start open; without one, the first section does. */
export function initiallyOpenSections(sections: ShellSidebarSection[]): string[] {
  const active = sections
    .filter((section) => section.links.some((link) => link.isActive))
    .map((section) => section.label);
  if (active.length > 0) return active;
  return sections.length > 0 ? [sections[0]!.label] : [];
}

/** The sidebar's accordion: one section per group (Institutionen, Einstellungen, tile groups). */
export function Sidebar({ sections, onNavigate }: SidebarProps) {
  return (
    <Accordion
      multiple
      defaultValue={initiallyOpenSections(sections)}
      variant="default"
      chevronPosition="right"
      styles={{
        control: { fontWeight: 600 },
        content: { padding: '0 0 var(--mantine-spacing-xs)' },
      }}
    >
      {sections.map((section) => (
        <Accordion.Item key={section.label} value={section.label}>
          <Accordion.Control>{section.label}</Accordion.Control>
          <Accordion.Panel>
            {section.links.map((link) =>
              link.isDisabled ? (
                // Not a link at all (nothing to follow), but announced as an unavailable one.
                <NavLink
                  key={`${link.to}|${link.label}`}
                  component="span"
                  role="link"
                  aria-disabled="true"
                  disabled
                  title={link.hint}
                  label={link.label}
                  active={link.isActive ?? false}
                  aria-current={link.isActive ? 'page' : undefined}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                />
              ) : link.isExternal ? (
                <NavLink
                  key={`${link.to}|${link.label}`}
                  component="a"
                  href={link.to}
                  target="_blank"
                  rel="noopener noreferrer"
                  // Marked like the footer's external link: it opens a new window.
                  label={
                    <>
                      {link.label} <VisuallyHidden>{shell.common.opensInNewWindow}</VisuallyHidden>
                    </>
                  }
                  rightSection={<IconExternalLink size={14} aria-hidden="true" />}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  onClick={() => onNavigate?.()}
                />
              ) : (
                <NavLink
                  key={`${link.to}|${link.label}`}
                  component={Link}
                  to={link.to}
                  label={link.label}
                  active={link.isActive ?? false}
                  aria-current={link.isActive ? 'page' : undefined}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  onClick={() => {
                    link.onClick?.();
                    onNavigate?.();
                  }}
                />
              ),
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
