import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  ACCOUNT_LIMITS,
  GERMAN_POSTAL_CODE,
  type Institution,
  type InstitutionUpdate,
} from '@portal/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from '../../../components/focus-first-invalid';
import { type DirtyReport, useReportDirty } from '../../../lib/use-unsaved-parts';
import { institutionAdmin } from '../../../messages/de';

const text = institutionAdmin.data;

type Data = Pick<Institution, 'name' | 'postalcode' | 'city' | 'street'>;
type Loaded = Data & Pick<Institution, 'version'>;
const FIELDS = ['name', 'postalcode', 'city', 'street'] as const;
const dataOf = (institution: Data): Data => ({
  name: institution.name,
  postalcode: institution.postalcode,
  city: institution.city,
  street: institution.street,
});
const sameData = (a: Data, b: Data) => FIELDS.every((name) => a[name] === b[name]);

/** How a save ended: 'conflict' when someone else saved the data meanwhile (409). */
export type SaveOutcome =
  | { status: 'saved'; institution: Loaded }
  | { status: 'conflict' }
  | { status: 'failed' };

export interface InstitutionDataFormProps {
  institution: Loaded;
  isSaving: boolean;
  /** Saves, with the version the typed data was based on. */
  onSave(update: InstitutionUpdate): Promise<SaveOutcome>;
  /** Loads the institution as it is saved now (after a conflict). */
  onReload(): Promise<Loaded | undefined>;
  /** Whether a field differs from the saved institution (typed and not saved yet). */
  onDirtyChange?: DirtyReport;
}

/**
 * Name, postal code, city and street. The typed data is based on one version of the
 * institution; a save carries it, so a change another admin saved meanwhile is not overwritten
 * (the server answers 409; the form says so and offers to load the current data). A newer
 * version arriving while nothing is typed (the periodic reload) simply shows; typed input is
 * never replaced without the admin asking for it.
 */
export function InstitutionDataForm({
  institution,
  isSaving,
  onSave,
  onReload,
  onDirtyChange,
}: InstitutionDataFormProps) {
  const [base, setBase] = useState<Loaded>(institution);
  const [values, setValues] = useState<Data>(() => dataOf(institution));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [hasConflict, setHasConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  // One save at a time: a double click sends once (the second would name the old version).
  const isSending = useRef(false);

  const adopt = (loaded: Loaded) => {
    setBase(loaded);
    setValues(dataOf(loaded));
    setHasConflict(false);
    setIsSubmitted(false);
  };

  // A newer version from outside (own save, periodic reload, another tab's change applied):
  // shown when nothing is typed, or when what is typed is exactly what is now saved.
  const { version, name, postalcode, city, street } = institution;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new version or data only
  useEffect(() => {
    const loaded = { version, name, postalcode, city, street };
    if (loaded.version === base.version && sameData(loaded, base)) return;
    if (sameData(values, base) || sameData(values, loaded)) adopt(loaded);
  }, [version, name, postalcode, city, street]);

  useEffect(() => {
    if (hasConflict) alertRef.current?.focus();
  }, [hasConflict]);

  useReportDirty(!sameData(values, base), onDirtyChange);
  const set = (field: keyof Data) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const errors = {
    name: !values.name.trim() ? text.required : null,
    postalcode: !GERMAN_POSTAL_CODE.test(values.postalcode.trim()) ? text.postalcodeInvalid : null,
    city: !values.city.trim() ? text.required : null,
    street: !values.street.trim() ? text.required : null,
  };
  const shown = (field: keyof typeof errors) => (isSubmitted ? errors[field] : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.values(errors).some(Boolean))
      return focusFirstInvalid(event.currentTarget as Element);
    if (isSending.current) return;
    isSending.current = true;
    try {
      const outcome = await onSave({
        name: values.name.trim(),
        postalcode: values.postalcode.trim(),
        city: values.city.trim(),
        street: values.street.trim(),
        version: base.version,
      });
      if (outcome.status === 'saved') adopt(outcome.institution);
      if (outcome.status === 'conflict') setHasConflict(true);
    } finally {
      isSending.current = false;
    }
  };

  const reload = async () => {
    setIsReloading(true);
    try {
      const loaded = await onReload();
      if (loaded) adopt(loaded);
    } finally {
      setIsReloading(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={text.heading}>
      {hasConflict && (
        <Alert
          ref={alertRef}
          tabIndex={-1}
          color="red"
          role="alert"
          title={text.conflictTitle}
          mb="md"
        >
          <Text size="sm">{text.conflict}</Text>
          <Button mt="sm" variant="default" onClick={() => void reload()} loading={isReloading}>
            {text.reload}
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={text.name}
          required
          maxLength={ACCOUNT_LIMITS.institutionName}
          value={values.name}
          error={shown('name')}
          onChange={set('name')}
        />
        <TextInput
          label={text.street}
          required
          maxLength={ACCOUNT_LIMITS.street}
          value={values.street}
          error={shown('street')}
          onChange={set('street')}
        />
        <TextInput
          label={text.postalcode}
          required
          inputMode="numeric"
          maxLength={5}
          value={values.postalcode}
          error={shown('postalcode')}
          onChange={set('postalcode')}
        />
        <TextInput
          label={text.city}
          required
          maxLength={ACCOUNT_LIMITS.text}
          value={values.city}
          error={shown('city')}
          onChange={set('city')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={isSaving}>
          {text.save}
        </Button>
      </Group>
    </form>
  );
}
