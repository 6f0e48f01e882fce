import { useSyncExternalStore } from 'react';
import { CONSENT_STORAGE_KEY, type Consent, readConsent, storedConsent } from './analytics-model';

const listeners = new Set<() => void>();

/** `personalData`: the choice was made on a banner that named name and e-mail. */
export function setConsent(consent: Exclude<Consent, null>, personalData = false) {
  localStorage.setItem(CONSENT_STORAGE_KEY, storedConsent(consent, personalData));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const useConsent = (personalData = false): Consent =>
  useSyncExternalStore(subscribe, () => readConsent(localStorage, personalData));

/** The signed-in identity for page views (set by the signed-in layout). */
export interface TrackedIdentity {
  userId?: string;
  name?: string;
  email?: string;
  institutionId?: string | null;
}
let identity: TrackedIdentity = {};
const identityListeners = new Set<() => void>();
export function setTrackedIdentity(next: TrackedIdentity) {
  identity = next;
  for (const listener of identityListeners) listener();
}
export const useTrackedIdentity = () =>
  useSyncExternalStore(
    (listener) => {
      identityListeners.add(listener);
      return () => identityListeners.delete(listener);
    },
    () => identity,
  );
