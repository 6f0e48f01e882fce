import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Menu } from '@mantine/core';
import {
  IconBuilding,
  IconLayoutDashboard,
  IconLogout,
  IconUserCircle,
  IconUserShare,
} from '@tabler/icons-react';
import { cloneElement } from 'react';
import { Link } from 'react-router';
import { shell } from '../../messages/de/shell';
import { type LoadedPopupProps, useOpenOnMount } from './deferred-popup';
import type { UserMenuEntry } from './user-menu-entries';

export interface UserMenuDropdownProps extends LoadedPopupProps {
  /** The entries (user-menu-entries.ts), decided where the trigger is rendered. */
  entries: UserMenuEntry[];
  isImpersonating: boolean;
  /** While impersonating: who acts, and as whom (the trigger shows the customer's user only). */
  impersonation?: { actor: string; asUser: string } | null;
  onLogout(): void;
}

const entryIcons: Record<UserMenuEntry['key'], typeof IconUserCircle> = {
  account: IconUserCircle,
  institution: IconBuilding,
  tileEditor: IconLayoutDashboard,
  logout: IconLogout,
};

/** The user menu (see user-menu.tsx, which renders its trigger). */
export default function UserMenuDropdown({
  trigger,
  openOnMount,
  entries,
  onLogout,
  isImpersonating,
  impersonation,
}: UserMenuDropdownProps) {
  const { triggerRef, opened, setOpened } = useOpenOnMount(openOnMount);
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={260}
      withinPortal
      opened={opened}
      onChange={setOpened}
    >
      <Menu.Target>{cloneElement(trigger, { ref: triggerRef })}</Menu.Target>
      <Menu.Dropdown aria-label={shell.userMenu.label}>
        {impersonation && (
          <>
            <Menu.Label data-testid="support-mode-actor">
              {shell.navbar.supportModeActor(impersonation.actor, impersonation.asUser)}
            </Menu.Label>
            <Menu.Divider />
          </>
        )}
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
