/**
 * After a form was refused for its own fields: the focus goes to the first field marked
 * invalid (`aria-invalid`, which Mantine sets with a field's error), once the errors have
 * rendered, so that a keyboard or screen-reader user lands on what to fix (its error is its
 * description) instead of staying on the button, possibly far below.
 */
export function focusFirstInvalid(form: Element | null) {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
