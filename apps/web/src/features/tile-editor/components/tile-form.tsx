import { TILE_LIMITS } from '@portal/contract';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import {
  Button,
  Checkbox,
  FileInput,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { focusFirstInvalid } from '../../../components/focus-first-invalid';
import { useImageSource } from '../../../components/use-image-source';
import { tileEditor } from '../../../messages/de/tile-editor';
import {
  EDITOR_TILE_TYPES,
  type EditorTile,
  type EditorTileGroup,
  type EditorTileType,
  ICON_TYPES,
  iconProblem,
  NO_GROUP,
  onePathProblem,
  PRIORITY_DEFAULT,
  queryParamsProblem,
  targetProblem,
} from '../model/types';

const t = tileEditor.form;

/** The editable fields of a tile (what the form returns). */
export type TileFields = Omit<
  EditorTile,
  | 'id'
  | 'version'
  | 'businessCaseType'
  | 'businessCaseTypeId'
  | 'institutionId'
  | 'notificationCount'
>;

export const emptyFields = (): TileFields => ({
  name: '',
  title: null,
  shortDescription: null,
  description: null,
  target: '',
  isInternal: false,
  tileType: 'PRIMARY',
  icon: null,
  isDyeable: false,
  priority: PRIORITY_DEFAULT,
  onePath: null,
  tileGroup: null,
  queryParams: null,
});

/** `a=1&b=2` ⇄ { a: '1', b: '2' } for the query-parameter field. */
export const formatQueryParams = (params: Record<string, string> | null) =>
  params ? new URLSearchParams(params).toString() : '';
export function parseQueryParams(text: string): Record<string, string> | null {
  const entries = [...new URLSearchParams(text.trim()).entries()].filter(([key]) => key !== '');
  return entries.length === 0 ? null : Object.fromEntries(entries);
}

export interface TileFormProps {
  initial: TileFields;
  groups: EditorTileGroup[];
  /** A new tile needs an icon file (the create request carries one). */
  isNew: boolean;
  onSubmit(fields: TileFields, iconFile: File | null): void;
  onCancel(): void;
}

/**
 * Trimmed, or null when empty: on submit only. Applied while typing, it ate every space and line
 * break at the end of the text, so 'Neu im Portal' typed became 'NeuimPortal'.
 */
const orNull = (value: string | null) => (!value || value.trim() === '' ? null : value.trim());

/** Every field of a tile, with the spec's labels (Partnerkachel …, 1 sehr hoch …). */
export function TileForm({ initial, groups, isNew, onSubmit, onCancel }: TileFormProps) {
  const [fields, setFields] = useState(initial);
  // Kept as typed (`a=` while typing); parsed into queryParams on submit.
  const [queryText, setQueryText] = useState(() => formatQueryParams(initial.queryParams));
  const [iconFile, setIconFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const previewUrl = useMemo(() => (iconFile ? URL.createObjectURL(iconFile) : null), [iconFile]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  // The icon as the dashboard would show it: an address that does not load as an image (a
  // damaged file, a stored icon gone) shows the tile's letter there, so the form says so at the
  // icon field instead of a broken preview. A hint only: saving stays possible.
  const iconAddress = previewUrl ?? fields.icon;
  const preview = useImageSource(iconAddress);
  const isIconNotShown = Boolean(iconAddress) && preview.src === null;

  const set = <K extends keyof TileFields>(key: K, value: TileFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const iconError = iconFile ? iconProblem(iconFile) : null;
  const queryParams = parseQueryParams(queryText);
  // Every rule the server keeps, checked here with its words: a refusal at saving named the
  // reason only for new tiles; a changed tile got the bare 'schief gelaufen'.
  const errors = {
    name: fields.name.trim() === '' ? t.required : null,
    target: !targetProblem(fields.target, fields.isInternal)
      ? null
      : // The target would fit with the other setting of 'Interner Link' (below the field): said
        // so, instead of only that a path is no https address.
        !targetProblem(fields.target, !fields.isInternal)
        ? fields.isInternal
          ? `${t.targetInternal} ${t.targetUncheckInternal}`
          : `${t.targetExternal} ${t.targetCheckInternal}`
        : fields.isInternal
          ? t.targetInternal
          : t.targetExternal,
    icon:
      iconError === 'type'
        ? t.iconWrongType
        : iconError === 'size'
          ? t.iconTooLarge
          : isNew && !iconFile
            ? t.required
            : null,
    queryParams: queryParamsProblem(queryParams) ? t.queryParamsInvalid : null,
    onePath: onePathProblem(fields.onePath) ? t.onePathInvalid : null,
  };
  const isValid = Object.values(errors).every((error) => error === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isValid) return focusFirstInvalid(event.currentTarget as Element);
    onSubmit(
      {
        ...fields,
        name: fields.name.trim(),
        title: orNull(fields.title),
        shortDescription: orNull(fields.shortDescription),
        description: orNull(fields.description),
        onePath: orNull(fields.onePath),
        target: fields.target.trim(),
        queryParams,
      },
      iconFile,
    );
  };
  const shown = (error: string | null) => (submitted ? error : null);
  const groupValue = fields.tileGroup?.name ?? NO_GROUP;

  return (
    <form onSubmit={submit} noValidate aria-label={isNew ? t.titleNew : t.titleEdit}>
      <Stack gap="sm">
        <TextInput
          label={t.name}
          required
          value={fields.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={shown(errors.name)}
          maxLength={TILE_LIMITS.name}
          // The dialog opens in its first field (not on its close button): typing goes there.
          data-autofocus
        />
        <TextInput
          label={t.title}
          value={fields.title ?? ''}
          onChange={(e) => set('title', e.currentTarget.value)}
          maxLength={TILE_LIMITS.title}
        />
        <TextInput
          label={t.shortDescription}
          value={fields.shortDescription ?? ''}
          onChange={(e) => set('shortDescription', e.currentTarget.value)}
          maxLength={TILE_LIMITS.shortDescription}
        />
        <Textarea
          label={t.description}
          value={fields.description ?? ''}
          onChange={(e) => set('description', e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={TILE_LIMITS.description}
        />
        <Select
          label={t.tileType}
          required
          allowDeselect={false}
          data={EDITOR_TILE_TYPES.map((type) => ({
            value: type,
            label: tileEditor.tileTypes[type],
          }))}
          value={fields.tileType}
          onChange={(value) => value && set('tileType', value as EditorTileType)}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t.priority}
          required
          allowDeselect={false}
          data={[1, 2, 3, 4, 5].map((p) => ({
            value: String(p),
            label: tileEditor.priorities[p] ?? String(p),
          }))}
          value={String(fields.priority)}
          onChange={(value) => value && set('priority', Number(value))}
        />
        <TextInput
          label={t.target}
          required
          value={fields.target}
          onChange={(e) => set('target', e.currentTarget.value)}
          error={shown(errors.target)}
          maxLength={TILE_LIMITS.target}
        />
        <Checkbox
          label={t.isInternal}
          checked={fields.isInternal}
          onChange={(e) => set('isInternal', e.currentTarget.checked)}
        />
        <TextInput
          label={t.queryParams}
          description={t.queryParamsHint}
          value={queryText}
          onChange={(e) => setQueryText(e.currentTarget.value)}
          error={shown(errors.queryParams)}
        />
        <TextInput
          label={t.onePath}
          value={fields.onePath ?? ''}
          onChange={(e) => set('onePath', e.currentTarget.value)}
          error={shown(errors.onePath)}
          maxLength={TILE_LIMITS.onePath}
        />
        <Select
          label={t.group}
          allowDeselect={false}
          data={[
            { value: NO_GROUP, label: tileEditor.noGroup },
            ...groups.map((group) => ({ value: group.name, label: group.name })),
          ]}
          value={groupValue}
          onChange={(value) =>
            set(
              'tileGroup',
              !value || value === NO_GROUP ? null : (groups.find((g) => g.name === value) ?? null),
            )
          }
        />
        <FileInput
          label={t.icon}
          required={isNew}
          accept={ICON_TYPES.join(',')}
          value={iconFile}
          onChange={setIconFile}
          clearable
          clearButtonProps={{ 'aria-label': t.iconClear }}
          error={shown(errors.icon)}
          // Associated with the field (aria-describedby), read with it.
          description={isIconNotShown ? t.iconNotShown : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t.iconPlaceholder}
        />
        {preview.src && (
          <Group gap="sm">
            <img
              src={preview.src}
              onError={preview.onError}
              alt={t.iconPreview}
              width={48}
              height={48}
              style={{ objectFit: 'contain' }}
              data-testid="icon-preview"
            />
            <Text size="sm" c="dimmed">
              {t.iconPreview}
            </Text>
          </Group>
        )}
        <Checkbox
          label={t.isDyeable}
          checked={fields.isDyeable}
          onChange={(e) => set('isDyeable', e.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="md" data-dialog-actions>
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button type="submit">{t.apply}</Button>
        </Group>
      </Stack>
    </form>
  );
}
