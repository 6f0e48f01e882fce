import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { AppModal } from '../../../components/app-modal';
import { tileEditor } from '../../../messages/de/tile-editor';

/**
 * While `isDirty`: router navigation asks first (German dialog), reload and closing the tab ask
 * through the browser's own beforeunload dialog.
 */
export function LeaveGuard({ isDirty }: { isDirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
  const isOpen = blocker.state === 'blocked';
  return (
    <AppModal
      opened={isOpen}
      onClose={() => blocker.reset?.()}
      headline={tileEditor.leave.title}
      size="md"
      footer={
        <>
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {tileEditor.leave.stay}
          </Button>
          <Button color="red.8" onClick={() => blocker.proceed?.()}>
            {tileEditor.leave.leave}
          </Button>
        </>
      }
    >
      {tileEditor.leave.body}
    </AppModal>
  );
}
