/**
 * The navbar button's texts of the impersonation feature (spec sections 2 and 8), word for word:
 * the first view loads these, the modal's texts in impersonation.ts load with the modal.
 */
export const impersonationControl = {
  button: 'Als User eines Kunden anmelden',
  success: 'Kunden-Institution erfolgreich nachgeahmt.',
} as const;
