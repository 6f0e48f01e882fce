import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { shell } from '../../messages/de/shell';
import { DeferredPopup, deferredModule } from './deferred-popup';
import classes from './shell.module.css';
import type { ShellSupportContact } from './types';

export interface HelpButtonProps {
  contacts: ShellSupportContact[];
}

/** The popover itself (Mantine's Popover), loaded on first use: see deferred-popup.tsx. */
const popover = deferredModule(() => import('./help-popover'));

/** Floating 'Fragen?' button with the support contacts of the current institution. */
export function HelpButton({ contacts }: HelpButtonProps) {
  if (contacts.length === 0) return null;
  return (
    <DeferredPopup
      module={popover}
      popup="dialog"
      props={{ contacts }}
      trigger={
        <Button
          className={classes.helpButton}
          data-help-button
          radius="xl"
          size="md"
          leftSection={<IconHelpCircle size={20} aria-hidden="true" />}
        >
          {shell.help.button}
        </Button>
      }
    />
  );
}
