import { useCallback, useEffect, useRef, useState } from 'react';

/** Told whether a form holds typed input that is not saved yet. */
export type DirtyReport = (isDirty: boolean) => void;

/**
 * A page of several forms: each reports through `reporter(name)` whether it holds unsaved input,
 * and the page is dirty while any of them does (its leave guard asks then).
 */
export function useUnsavedParts() {
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(() => new Set());
  const reporters = useRef(new Map<string, DirtyReport>());
  const reporter = useCallback((part: string): DirtyReport => {
    let report = reporters.current.get(part);
    if (!report) {
      report = (isDirty) =>
        setDirtyParts((current) => {
          if (current.has(part) === isDirty) return current;
          const next = new Set(current);
          if (isDirty) next.add(part);
          else next.delete(part);
          return next;
        });
      reporters.current.set(part, report);
    }
    return report;
  }, []);
  return { isDirty: dirtyParts.size > 0, dirtyParts, reporter };
}

/**
 * Reports a form's `isDirty` whenever it changes, and clean once the form is gone (saved and
 * drawn anew, or its dialog closed), so that nothing asks for input that no longer exists.
 */
export function useReportDirty(isDirty: boolean, report: DirtyReport | undefined) {
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  }, [report]);
  useEffect(() => {
    reportRef.current?.(isDirty);
  }, [isDirty]);
  useEffect(() => () => reportRef.current?.(false), []);
}
