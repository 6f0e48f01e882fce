import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Group.css';
import { Anchor, Button, Group, Popover, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconHelpCircle, IconMail, IconPhone } from '@tabler/icons-react';
import { useId } from 'react';
import { shell } from '../../messages/de/shell';
import classes from './shell.module.css';
import type { ShellSupportContact } from './types';

export interface HelpButtonProps {
  contacts: ShellSupportContact[];
}

/** `tel:` target of a phone number as people write it ("+49 (0)30 123-45" -> "+4930 12345"). */
export function telHref(phone: string): string {
  const compact = phone.replace(/\(0\)/g, '').replace(/[^\d+]/g, '');
  return `tel:${compact}`;
}

/** Floating 'Fragen?' button with the support contacts of the current institution. */
export function HelpButton({ contacts }: HelpButtonProps) {
  const titleId = useId();
  if (contacts.length === 0) return null;
  return (
    <Popover
      position="top-end"
      width={340}
      shadow="lg"
      radius="md"
      trapFocus
      returnFocus
      withArrow
      withinPortal
      zIndex={300}
    >
      <Popover.Target>
        <Button
          className={classes.helpButton}
          data-help-button
          radius="xl"
          size="md"
          leftSection={<IconHelpCircle size={20} aria-hidden="true" />}
        >
          {shell.help.button}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Title order={2} fz="md" id={titleId} mb={4}>
          {shell.help.title}
        </Title>
        <Text fz="sm" c="dimmed" mb="sm">
          {shell.help.intro}
        </Text>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {contacts.map((contact) => (
            <li
              key={`${contact.description}|${contact.phone}|${contact.email}`}
              className={classes.helpContact}
            >
              <Text fw={600} fz="sm" mb={4}>
                {contact.description}
              </Text>
              <Stack gap={4}>
                {contact.phone && (
                  <Group gap={6} wrap="nowrap">
                    <IconPhone size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                    <Anchor href={telHref(contact.phone)} fz="sm">
                      <VisuallyHidden>{`${shell.help.phone}: `}</VisuallyHidden>
                      {contact.phone}
                    </Anchor>
                  </Group>
                )}
                {contact.email && (
                  <Group gap={6} wrap="nowrap">
                    {/* Beside an address that wraps, the icon keeps its size. */}
                    <IconMail size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                    <Anchor
                      href={`mailto:${contact.email}`}
                      fz="sm"
                      style={{ wordBreak: 'break-all' }}
                    >
                      <VisuallyHidden>{`${shell.help.email}: `}</VisuallyHidden>
                      {contact.email}
                    </Anchor>
                  </Group>
                )}
              </Stack>
            </li>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
