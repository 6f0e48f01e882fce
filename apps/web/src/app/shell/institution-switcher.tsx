import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { shell } from '../../messages/de/shell';
import { DeferredPopup, deferredModule } from './deferred-popup';
import { openMenuOnArrow } from './menu-keys';
import classes from './shell.module.css';
import { TrustedIcon } from './trusted-icon';
import type { ShellInstitution } from './types';

/** The dropdown itself (Mantine's Menu), loaded on first use: see deferred-popup.tsx. */
const dropdown = deferredModule(() => import('./institution-switcher-dropdown'));

export interface InstitutionSwitcherProps {
  /** The user's institutions that have loaded. */
  institutions: ShellInstitution[];
  /** More than one institution role: a dropdown; otherwise just the name. */
  hasInstitutionChoice: boolean;
  currentInstitutionId: string | null;
  onSelectInstitution(institutionId: string): void;
  /** While impersonating the institution cannot be changed. */
  disabled?: boolean;
}

/**
 * The current institution: a dropdown when the user has more than one institution role,
 * otherwise just its name. Trusted institutions carry a shield. Only the current institution's
 * name is shown: while it has not loaded (or failed to), the dropdown reads 'Institution
 * auswählen' and a single institution shows nothing (the error bar speaks for it).
 */
export function InstitutionSwitcher({
  institutions,
  hasInstitutionChoice,
  currentInstitutionId,
  onSelectInstitution,
  disabled = false,
}: InstitutionSwitcherProps) {
  const current = institutions.find((institution) => institution.id === currentInstitutionId);

  if (!hasInstitutionChoice) {
    if (!current) return null;
    return (
      <div className={classes.institution}>
        <div style={{ minWidth: 0 }}>
          <span className={classes.institutionCaption}>{shell.institution.caption}</span>
          <Text
            fw={600}
            fz="sm"
            className={classes.institutionName}
            truncate="end"
            data-testid="institution-name"
          >
            {current.name}
          </Text>
        </div>
        {current.trusted && <TrustedIcon />}
      </div>
    );
  }

  if (institutions.length === 0) return null;

  return (
    <>
      <DeferredPopup
        module={dropdown}
        popup="menu"
        props={{ institutions, currentInstitutionId, onSelectInstitution, disabled }}
        trigger={
          <UnstyledButton
            className={classes.institutionTrigger}
            disabled={disabled}
            onKeyDown={openMenuOnArrow}
            title={disabled ? shell.institution.switchDisabledWhileImpersonating : undefined}
          >
            {/* The name comes from the visible text, then the hidden purpose (WCAG 2.5.3). */}
            <div style={{ minWidth: 0 }}>
              <span className={classes.institutionCaption}>{shell.institution.caption}</span>{' '}
              <Text fw={600} fz="sm" className={classes.institutionName} truncate="end">
                {current?.name ?? shell.institution.selectLabel}
              </Text>{' '}
              {current && <VisuallyHidden>– {shell.institution.selectLabel}</VisuallyHidden>}
            </div>
            {current?.trusted && <TrustedIcon />}
            <IconChevronDown size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          </UnstyledButton>
        }
      />
      {/* A disabled button takes no focus, so its title is out of a keyboard's and a screen
          reader's reach: the reason is also read in its place. */}
      {disabled && (
        <VisuallyHidden>{shell.institution.switchDisabledWhileImpersonating}</VisuallyHidden>
      )}
    </>
  );
}
