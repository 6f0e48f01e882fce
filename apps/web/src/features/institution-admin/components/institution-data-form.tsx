import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { ACCOUNT_LIMITS, type Institution, type InstitutionUpdate } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { focusFirstInvalid } from '../../../components/focus-first-invalid';
import { type DirtyReport, useReportDirty } from '../../../lib/use-unsaved-parts';
import { institutionAdmin } from '../../../messages/de';

const text = institutionAdmin.data;

export interface InstitutionDataFormProps {
  institution: Pick<Institution, 'name' | 'postalcode' | 'city' | 'street'>;
  isSaving: boolean;
  onSave(update: InstitutionUpdate): void;
  /** Whether a field differs from the saved institution (typed and not saved yet). */
  onDirtyChange?: DirtyReport;
}

export function InstitutionDataForm({
  institution,
  isSaving,
  onSave,
  onDirtyChange,
}: InstitutionDataFormProps) {
  const [values, setValues] = useState({
    name: institution.name,
    postalcode: institution.postalcode,
    city: institution.city,
    street: institution.street,
  });
  const [isSubmitted, setIsSubmitted] = useState(false);
  useReportDirty(
    (Object.keys(values) as (keyof typeof values)[]).some(
      (name) => values[name] !== institution[name],
    ),
    onDirtyChange,
  );
  const set = (name: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const errors = {
    name: !values.name.trim() ? text.required : null,
    postalcode: !/^\d{5}$/.test(values.postalcode.trim()) ? text.postalcodeInvalid : null,
    city: !values.city.trim() ? text.required : null,
    street: !values.street.trim() ? text.required : null,
  };
  const shown = (name: keyof typeof errors) => (isSubmitted ? errors[name] : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.values(errors).some(Boolean))
      return focusFirstInvalid(event.currentTarget as Element);
    onSave({
      name: values.name.trim(),
      postalcode: values.postalcode.trim(),
      city: values.city.trim(),
      street: values.street.trim(),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={text.heading}>
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
