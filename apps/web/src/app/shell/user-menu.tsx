import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconBuilding,
  IconChevronDown,
  IconLayoutDashboard,
  IconLogout,
  IconUserCircle,
  IconUserShare,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { shell } from '../../messages/de/shell';
import { openMenuOnArrow } from './menu-keys';
import classes from './shell.module.css';
import type { ShellUser } from './types';
import { buildUserMenuEntries, type UserMenuEntry, type UserMenuRights } from './user-menu-entries';

export interface UserMenuProps extends UserMenuRights {
  user: ShellUser;
  onLogout(): void;
}

const entryIcons: Record<UserMenuEntry['key'], typeof IconUserCircle> = {
  account: IconUserCircle,
  institution: IconBuilding,
  tileEditor: IconLayoutDashboard,
  logout: IconLogout,
};

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
    <Menu position="bottom-end" shadow="md" width={260} withinPortal>
      <Menu.Target>
        {/* The name comes from the visible initials and first name, then the hidden purpose. */}
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
      </Menu.Target>
      <Menu.Dropdown aria-label={shell.userMenu.label}>
        {entries.map((entry) => {
          if (entry.kind === 'link') {
            const Icon = entryIcons[entry.key];
            return (
              <Menu.Item
                key={entry.key}
                component={Link}
                to={entry.to}
                leftSection={<Icon size={18} aria-hidden="true" />}
              >
                {entry.label}
              </Menu.Item>
            );
          }
          const Icon = isImpersonating ? IconUserShare : entryIcons.logout;
          return [
            <Menu.Divider key="divider" />,
            <Menu.Item
              key={entry.key}
              onClick={onLogout}
              color={isImpersonating ? undefined : 'red.8'}
              leftSection={<Icon size={18} aria-hidden="true" />}
            >
              {entry.label}
            </Menu.Item>,
          ];
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
