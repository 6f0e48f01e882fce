import { describe, expect, it } from 'vitest';
import { hasUnsavedInput } from '../lib/unsaved-input';
import { renderWithProviders } from '../test/render';
import { LeaveGuard } from './leave-guard';

describe('LeaveGuard', () => {
  it('tells the session that the page holds unsaved input while it is dirty, and no longer', () => {
    const clean = renderWithProviders(<LeaveGuard isDirty={false} />);
    expect(hasUnsavedInput()).toBe(false);
    clean.unmount();

    const dirty = renderWithProviders(<LeaveGuard isDirty />);
    expect(hasUnsavedInput()).toBe(true);
    dirty.unmount();
    expect(hasUnsavedInput()).toBe(false);
  });
});
