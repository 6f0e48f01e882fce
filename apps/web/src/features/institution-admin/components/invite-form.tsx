import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import {
  emailAddress,
  FORMS_OF_ADDRESS,
  INSTITUTION_ROLES,
  type InstitutionRole,
  type Invitation,
} from '@portal/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from '../../../components/focus-first-invalid';
import { type DirtyReport, useReportDirty } from '../../../lib/use-unsaved-parts';
import { institutionAdmin } from '../../../messages/de';
import { roleLabel } from '../model/institution-changes';

const text = institutionAdmin.invite;

/** What the dialog holds: kept by the page while the dialog is closed without Abbrechen. */
export interface InviteDraft {
  email: string;
  formOfAddress: string;
  title: string;
  firstName: string;
  lastName: string;
  role: InstitutionRole;
}

export const EMPTY_INVITE_DRAFT: InviteDraft = {
  email: '',
  formOfAddress: '',
  title: '',
  firstName: '',
  lastName: '',
  role: 'INSTITUTION_MEMBER',
};

/** Whether anything was typed or chosen. */
export const isDraftDirty = (values: InviteDraft) =>
  values.role !== 'INSTITUTION_MEMBER' ||
  [values.email, values.formOfAddress, values.title, values.firstName, values.lastName].some(
    (value) => value.trim() !== '',
  );

export interface InviteFormProps {
  isSaving: boolean;
  /** The values to start from (a draft the dialog held when it was closed). */
  initialValues?: InviteDraft;
  /** Told every change, so the page keeps the draft when the dialog closes. */
  onValuesChange?: (values: InviteDraft) => void;
  /**
   * An address the server refused (409: a member already has it), with the message: the field
   * says so while it holds that address, and takes the focus when it is refused.
   */
  refusedEmail?: { email: string; message: string };
  onSubmit(invitation: Invitation): void;
  onCancel(): void;
  /** Whether anything was typed or chosen (lost when the page is left). */
  onDirtyChange?: DirtyReport;
}

export function InviteForm({
  isSaving,
  initialValues = EMPTY_INVITE_DRAFT,
  onValuesChange,
  refusedEmail,
  onSubmit,
  onCancel,
  onDirtyChange,
}: InviteFormProps) {
  const [values, setValues] = useState(initialValues);
  const [isSubmitted, setIsSubmitted] = useState(false);
  useReportDirty(isDraftDirty(values), onDirtyChange);
  const onValuesChangeRef = useRef(onValuesChange);
  useEffect(() => {
    onValuesChangeRef.current = onValuesChange;
  }, [onValuesChange]);
  useEffect(() => {
    onValuesChangeRef.current?.(values);
  }, [values]);
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (refusedEmail) emailRef.current?.focus();
  }, [refusedEmail]);
  const isRefused =
    !!refusedEmail && values.email.trim().toLowerCase() === refusedEmail.email.trim().toLowerCase();
  const set = (name: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const errors = {
    // The server's rule (the contract's schema; this form loads with the lazy institution page).
    email: !emailAddress.safeParse(values.email).success ? text.emailInvalid : null,
    firstName: !values.firstName.trim() ? text.required : null,
    lastName: !values.lastName.trim() ? text.required : null,
  };
  // A refused address is marked, not blocked: the member may have been removed meanwhile.
  const shown = (name: keyof typeof errors) =>
    (isSubmitted ? errors[name] : null) ??
    (name === 'email' && isRefused ? refusedEmail.message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (isSaving) return;
    if (Object.values(errors).some(Boolean))
      return focusFirstInvalid(event.currentTarget as Element);
    onSubmit({
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      formOfAddress: values.formOfAddress || null,
      title: values.title.trim() || null,
      role: values.role,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={text.heading}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={text.email}
          type="email"
          required
          value={values.email}
          error={shown('email')}
          onChange={set('email')}
          ref={emailRef}
          data-autofocus
        />
        <NativeSelect
          label={text.role}
          value={values.role}
          onChange={set('role')}
          data={INSTITUTION_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
        />
        <NativeSelect
          label={text.formOfAddress}
          value={values.formOfAddress}
          onChange={set('formOfAddress')}
          data={[
            { value: '', label: text.formOfAddressNone },
            ...FORMS_OF_ADDRESS.map((form) => ({ value: form, label: form })),
          ]}
        />
        <TextInput
          label={text.title}
          maxLength={100}
          value={values.title}
          onChange={set('title')}
        />
        <TextInput
          label={text.firstName}
          required
          maxLength={100}
          value={values.firstName}
          error={shown('firstName')}
          onChange={set('firstName')}
        />
        <TextInput
          label={text.lastName}
          required
          maxLength={100}
          value={values.lastName}
          error={shown('lastName')}
          onChange={set('lastName')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="lg" data-dialog-actions>
        <Button variant="default" onClick={onCancel} disabled={isSaving}>
          {text.cancel}
        </Button>
        <Button type="submit" loading={isSaving}>
          {text.submit}
        </Button>
      </Group>
    </form>
  );
}
