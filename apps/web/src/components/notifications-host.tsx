import { type ComponentType, useEffect, useState } from 'react';

/**
 * Where the notifications container mounts, without loading it: `components/notifications`
 * (with @mantine/notifications and its CSS) registers its container here when a feature first
 * imports it to notify, so the first view of a page loads none of it.
 */
let container: ComponentType | null = null;
const listeners = new Set<() => void>();

export function registerNotificationsContainer(component: ComponentType) {
  if (container) return;
  container = component;
  for (const listener of listeners) listener();
}

/** Renders the registered container once there is one (mount once, inside MantineProvider). */
export function NotificationsHost() {
  const [Container, setContainer] = useState<ComponentType | null>(() => container);
  useEffect(() => {
    const update = () => setContainer(() => container);
    update();
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, []);
  return Container ? <Container /> : null;
}
