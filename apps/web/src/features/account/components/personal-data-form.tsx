import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { type AccountData, type AccountDataUpdate, FORMS_OF_ADDRESS } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { focusFirstInvalid } from '../../../components/focus-first-invalid';
import { type DirtyReport, useReportDirty } from '../../../lib/use-unsaved-parts';
import { account } from '../../../messages/de';

const text = account.personal;

export interface PersonalDataFormProps {
  data: AccountData;
  isSaving: boolean;
  onSave(update: AccountDataUpdate): void;
  /** Whether something typed is not saved yet. */
  onDirtyChange?: DirtyReport;
}

/** Form of address, title, first and last name (the e-mail changes in its own form). */
export function PersonalDataForm({ data, isSaving, onSave, onDirtyChange }: PersonalDataFormProps) {
  const [values, setValues] = useState({
    formOfAddress: data.formOfAddress ?? '',
    title: data.title ?? '',
    firstName: data.firstName,
    lastName: data.lastName,
  });
  const [isSubmitted, setIsSubmitted] = useState(false);
  useReportDirty(
    values.formOfAddress !== (data.formOfAddress ?? '') ||
      values.title !== (data.title ?? '') ||
      values.firstName !== data.firstName ||
      values.lastName !== data.lastName,
    onDirtyChange,
  );
  const required = (value: string) => (isSubmitted && !value.trim() ? text.required : null);
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!values.firstName.trim() || !values.lastName.trim()) {
      return focusFirstInvalid(event.currentTarget as Element);
    }
    onSave({
      formOfAddress: values.formOfAddress || null,
      title: values.title.trim() || null,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={account.personal.heading}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label={text.formOfAddress}
          value={values.formOfAddress}
          onChange={(event) => set('formOfAddress')(event.currentTarget.value)}
          data={[
            { value: '', label: text.formOfAddressNone },
            ...FORMS_OF_ADDRESS.map((form) => ({ value: form, label: form })),
          ]}
        />
        <TextInput
          label={text.title}
          value={values.title}
          maxLength={100}
          onChange={(event) => set('title')(event.currentTarget.value)}
        />
        <TextInput
          label={text.firstName}
          required
          autoComplete="given-name"
          maxLength={100}
          value={values.firstName}
          error={required(values.firstName)}
          onChange={(event) => set('firstName')(event.currentTarget.value)}
        />
        <TextInput
          label={text.lastName}
          required
          autoComplete="family-name"
          maxLength={100}
          value={values.lastName}
          error={required(values.lastName)}
          onChange={(event) => set('lastName')(event.currentTarget.value)}
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
