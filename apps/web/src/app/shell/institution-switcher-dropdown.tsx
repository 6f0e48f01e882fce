import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Menu } from '@mantine/core';
import { cloneElement, useState } from 'react';
import { shell } from '../../messages/de/shell';
import { type LoadedPopupProps, useOpenOnMount } from './deferred-popup';
import { createMenuTypeAhead } from './menu-keys';
import { TrustedIcon } from './trusted-icon';
import type { ShellInstitution } from './types';

export interface InstitutionSwitcherDropdownProps extends LoadedPopupProps {
  institutions: ShellInstitution[];
  currentInstitutionId: string | null;
  onSelectInstitution(institutionId: string): void;
  disabled: boolean;
}

/** The institution dropdown (see institution-switcher.tsx, which renders its trigger). */
export default function InstitutionSwitcherDropdown({
  trigger,
  openOnMount,
  institutions,
  currentInstitutionId,
  onSelectInstitution,
  disabled,
}: InstitutionSwitcherDropdownProps) {
  const { triggerRef, opened, setOpened } = useOpenOnMount(openOnMount && !disabled);
  const [typeAhead] = useState(() => createMenuTypeAhead());
  return (
    <Menu
      position="bottom-start"
      shadow="md"
      width={320}
      disabled={disabled}
      withinPortal
      opened={opened && !disabled}
      onChange={setOpened}
    >
      <Menu.Target>{cloneElement(trigger, { ref: triggerRef })}</Menu.Target>
      {/* A provider's support belongs to hundreds of institutions: the list scrolls within the
          window, and typing a name's first letters moves to it. */}
      <Menu.Dropdown
        aria-label={shell.institution.selectLabel}
        onKeyDown={typeAhead}
        style={{ maxHeight: 'min(32rem, calc(100dvh - 6rem))', overflowY: 'auto' }}
      >
        <Menu.Label>{shell.institution.selectLabel}</Menu.Label>
        <Menu.RadioGroup value={currentInstitutionId} onChange={onSelectInstitution}>
          {institutions.map((institution) => (
            <Menu.RadioItem
              key={institution.id}
              value={institution.id}
              // Choosing an institution switches to it: the menu closes like after any command.
              closeMenuOnClick
              rightSection={institution.trusted ? <TrustedIcon size={16} /> : undefined}
            >
              {institution.name}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
