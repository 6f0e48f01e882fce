import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/VisuallyHidden.css';
import {
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { INSTITUTION_ROLES, type InstitutionMember, type InstitutionRole } from '@portal/contract';
import { useMemo, useState } from 'react';
import { ListPages, pageOf } from '../../../components/list-pages';
import { ScrollTable } from '../../../components/scroll-table';
import { matchesSearch, searchWords } from '../../../lib/search-words';
import { institutionAdmin } from '../../../messages/de';
import {
  germanInstant,
  isInvitationExpired,
  minutesSinceInvite,
  roleLabel,
} from '../model/institution-changes';
import classes from './users-table.module.css';

const text = institutionAdmin.users;

/**
 * The state badges' colours: darker than teal.9 and orange.9, whose 11 px text had 4.3:1 and
 * less on white and on a hovered row (axe: at least 4.5:1).
 */
const ACTIVE_COLOR = '#0a6650';
const INVITED_COLOR = '#a8390a';
/** An expired invitation: red 9 (5.6:1 on white). */
const EXPIRED_COLOR = 'red.9';

/**
 * Aktiv, or the spec's 'Eingeladen vor …' (counted from the account's creation) with until when
 * the invitation link works; once it expired, a badge says so first (the count alone kept
 * reading 'Eingeladen vor 8 Tagen' for a link that no longer worked).
 */
function UserState({ user, now }: { user: InstitutionMember; now: number }) {
  if (user.hasAccountActivated) {
    return (
      <Badge color={ACTIVE_COLOR} variant="outline">
        {text.activated}
      </Badge>
    );
  }
  const invited = text.invited(Math.max(0, minutesSinceInvite(user.dateTimeCreated, now)));
  const validUntil = user.invitationValidUntil;
  const isExpired = isInvitationExpired(user, now);
  return (
    <Stack gap={4} align="flex-start">
      {isExpired && (
        <Badge color={EXPIRED_COLOR} variant="filled" tt="none" className={classes.stateBadge}>
          {text.invitationExpired}
        </Badge>
      )}
      {/* Never cut: the table had squeezed it to 'Eingeladen (gerade eb…'. */}
      <Badge color={INVITED_COLOR} variant="outline" tt="none" className={classes.stateBadge}>
        {invited}
      </Badge>
      {validUntil && (
        <Text size="xs" c="dimmed">
          {isExpired
            ? text.expiredAt(germanInstant(validUntil))
            : text.validUntil(germanInstant(validUntil))}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Users per page. An institution of 400 users had drawn 400 rows, each with its role list: the
 * page took 10 s before it answered (Chromium, a hospital group of bench/scale-data.ts), and
 * every tick of the invitation clock (30 s) drew them all again.
 */
export const USERS_PAGE_SIZE = 50;

/** From this many users on, a search above the list finds one by name, e-mail, role or state. */
export const USERS_SEARCH_FROM = 11;

export interface UsersTableProps {
  users: InstitutionMember[];
  currentUserId: string;
  now: number;
  busyUserIds: ReadonlySet<string>;
  onRoleChange(user: InstitutionMember, role: InstitutionRole): void;
  onDelete(user: InstitutionMember): void;
  onResend(user: InstitutionMember): void;
}

/**
 * The institution's users with role, invitation state and the actions of an admin;
 * {@link USERS_PAGE_SIZE} at a time, with the pages below when there are more.
 */
export function UsersTable({
  users,
  currentUserId,
  now,
  busyUserIds,
  onRoleChange,
  onDelete,
  onResend,
}: UsersTableProps) {
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const hasSearch = users.length >= USERS_SEARCH_FROM;
  const words = useMemo(() => searchWords(hasSearch ? searchText : ''), [hasSearch, searchText]);
  const found = useMemo(
    () =>
      users.filter((user) =>
        matchesSearch(
          [
            user.title ?? '',
            user.firstName,
            user.lastName,
            user.email,
            roleLabel(user.role),
            user.hasAccountActivated ? text.activated : text.invitedState,
            isInvitationExpired(user, now) ? text.invitationExpired : '',
          ],
          words,
        ),
      ),
    [users, words, now],
  );
  const { pages, current, first, shown } = pageOf(found, page, USERS_PAGE_SIZE);
  return (
    <>
      {hasSearch && (
        <TextInput
          type="search"
          label={text.search}
          description={text.searchHint}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            setPage(1);
          }}
          maw={480}
          mb="sm"
        />
      )}
      {words.length > 0 && (
        <Text size="sm" aria-live="polite" mb="sm" data-testid="users-search-summary">
          {found.length === 0
            ? text.searchNone(searchText.trim())
            : text.searchFound(found.length, users.length)}
        </Text>
      )}
      {found.length > 0 && (
        <ScrollTable minWidth={720} label={text.caption} stacked>
          <Table highlightOnHover verticalSpacing="sm" data-testid="institution-users">
            <Table.Caption>
              <VisuallyHidden>{text.caption}</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{text.name}</Table.Th>
                <Table.Th scope="col">{text.email}</Table.Th>
                <Table.Th scope="col">{text.role}</Table.Th>
                <Table.Th scope="col">{text.state}</Table.Th>
                <Table.Th scope="col">{text.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((user) => {
                const name = `${user.firstName} ${user.lastName}`;
                const isBusy = busyUserIds.has(user.id);
                return (
                  <Table.Tr key={user.id} data-testid={`user-row-${user.email}`}>
                    <Table.Td data-label={text.name}>
                      <Text size="sm" fw={500}>
                        {[user.title, name].filter(Boolean).join(' ')}{' '}
                        {user.id === currentUserId && (
                          <Text span size="sm" c="dimmed">
                            {text.you}
                          </Text>
                        )}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={text.email}>
                      <Text size="sm">{user.email}</Text>
                    </Table.Td>
                    <Table.Td data-label={text.role}>
                      {/* A list that opens (Mantine's Select), not the browser's own: there the arrow
                      keys change the value while it is closed, and each change is saved at once.
                      Read-only, not disabled, while the change is saved: the focus stays. */}
                      <Select
                        aria-label={text.roleOf(name)}
                        size="xs"
                        w={190}
                        value={user.role}
                        readOnly={isBusy}
                        allowDeselect={false}
                        onChange={(value) => {
                          if (value && value !== user.role)
                            onRoleChange(user, value as InstitutionRole);
                        }}
                        data={INSTITUTION_ROLES.map((role) => ({
                          value: role,
                          label: roleLabel(role),
                        }))}
                      />
                    </Table.Td>
                    <Table.Td data-label={text.state}>
                      <UserState user={user} now={now} />
                    </Table.Td>
                    <Table.Td data-label={text.actions}>
                      <Group gap="xs" wrap="nowrap" className={classes.actions}>
                        {!user.hasAccountActivated && (
                          <Button
                            size="xs"
                            // An expired invitation: sending it again is what the admin does next.
                            variant={isInvitationExpired(user, now) ? 'filled' : 'outline'}
                            color="blue.9"
                            aria-label={text.resendLabel(name)}
                            disabled={isBusy}
                            onClick={() => onResend(user)}
                          >
                            {text.resend}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          color="red.9"
                          variant="outline"
                          aria-label={text.deleteLabel(name)}
                          disabled={isBusy}
                          onClick={() => onDelete(user)}
                        >
                          {text.delete}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <ListPages
        label={text.pages}
        summary={text.pageSummary(first + 1, first + shown.length, found.length)}
        pages={pages}
        current={current}
        onChange={setPage}
        testId="users-page-summary"
      />
    </>
  );
}
