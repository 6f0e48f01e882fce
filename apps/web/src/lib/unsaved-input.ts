/**
 * How many parts of the page hold input not saved yet (each dirty LeaveGuard holds one): the
 * session asks before it leaves for the sign-in page (lib/oidc.ts, `hasUnsavedInput`).
 */
let held = 0;

/** Counts one part as holding unsaved input until the returned release is called (once). */
export function holdUnsavedInput(): () => void {
  held += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held -= 1;
  };
}

export const hasUnsavedInput = () => held > 0;
