import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Avatar, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { shell } from '../../messages/de/shell';
import { DeferredPopup, deferredModule } from './deferred-popup';
import { openMenuOnArrow } from './menu-keys';
import classes from './shell.module.css';
import type { ShellUser } from './types';
import { buildUserMenuEntries, type UserMenuRights } from './user-menu-entries';

export interface UserMenuProps extends UserMenuRights {
  user: ShellUser;
  onLogout(): void;
}

/** The menu itself (Mantine's Menu), loaded on first use: see deferred-popup.tsx. */
const dropdown = deferredModule(() => import('./user-menu-dropdown'));

/** Initials and first name; opens Mein Konto, Unternehmen, Kacheldefinitionen editieren, Abmelden. */
export function UserMenu({
  user,
  onLogout,
  isAdmin,
  canEditTiles,
  isImpersonating,
}: UserMenuProps) {
  const entries = buildUserMenuEntries({ isAdmin, canEditTiles, isImpersonating });
  return (
    <DeferredPopup
      module={dropdown}
      popup="menu"
      props={{
        entries,
        onLogout,
        isImpersonating,
        impersonation: isImpersonating ? (user.impersonation ?? null) : null,
      }}
      trigger={
        // The name comes from the visible initials and first name, then the hidden purpose.
        <UnstyledButton className={classes.userTrigger} onKeyDown={openMenuOnArrow}>
          <Avatar
            color="var(--mantine-primary-color-filled)"
            variant="filled"
            radius="xl"
            size={40}
          >
            {user.initials}
          </Avatar>{' '}
          <Text component="span" fw={600} fz="sm" className={classes.userName}>
            {user.firstName}
          </Text>{' '}
          <VisuallyHidden>– {shell.userMenu.label}</VisuallyHidden>
          <IconChevronDown size={16} aria-hidden="true" />
        </UnstyledButton>
      }
    />
  );
}
