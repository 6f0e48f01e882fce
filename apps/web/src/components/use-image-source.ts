import { useState } from 'react';

/**
 * An image address until it fails to load: then null, so the caller shows what stands in for
 * the image (a letter, a name) instead of an empty box or a cut-off alt text. Another address
 * is tried afresh. `onError` goes on the `<img>`.
 */
export function useImageSource(src: string | null | undefined): {
  src: string | null;
  onError: () => void;
} {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : null;
  return { src: usable, onError: () => setFailed(usable) };
}
