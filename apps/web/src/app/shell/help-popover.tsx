import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Group.css';
import { Anchor, Group, Popover, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { cloneElement, useId } from 'react';
import { shell } from '../../messages/de/shell';
import { type LoadedPopupProps, useOpenOnMount } from './deferred-popup';
import classes from './shell.module.css';
import { telHref } from './tel-href';
import type { ShellSupportContact } from './types';

export interface HelpPopoverProps extends LoadedPopupProps {
  contacts: ShellSupportContact[];
}

/** The support contacts' popover (see help-button.tsx, which renders its trigger). */
export default function HelpPopover({ trigger, openOnMount, contacts }: HelpPopoverProps) {
  const titleId = useId();
  const { triggerRef, opened, setOpened } = useOpenOnMount(openOnMount);
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
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>{cloneElement(trigger, { ref: triggerRef })}</Popover.Target>
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
