import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { holdUnsavedInput } from '../lib/unsaved-input';
import UnsavedChangesDialog from './unsaved-changes-dialog';

export interface LeaveGuardProps {
  isDirty: boolean;
  /** What would be lost (the dialog's general text by default). */
  body?: string;
}

/**
 * While `isDirty`: router navigation to another page (a link, the browser's Back) asks first
 * (German dialog), reload and closing the tab ask through the browser's own beforeunload dialog.
 */
export function LeaveGuard({ isDirty, body }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const release = holdUnsavedInput();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      release();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [isDirty]);
  return (
    <UnsavedChangesDialog
      opened={blocker.state === 'blocked'}
      body={body}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}
