import { createHash } from 'node:crypto';
import { TILE_ICON_MAX_BYTES } from '@portal/contract';
import type { DOMPurify } from 'dompurify';
import { badRequest } from '../../plugins/errors';

export type IconMediaType = 'image/png' | 'image/svg+xml' | 'image/webp';

export interface StoredIcon {
  sha256: string;
  mediaType: IconMediaType;
  bytes: Buffer;
}

export const ICON_TOO_LARGE = `Das Symbol ist zu groß (höchstens ${TILE_ICON_MAX_BYTES / 1024} KB).`;
export const ICON_WRONG_TYPE = 'Das Symbol muss ein PNG-, SVG- oder WebP-Bild sein.';
export const ICON_EMPTY_SVG = 'Das SVG-Symbol enthält nach der Bereinigung nichts Darstellbares.';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The media type by content (never by the declared type or file name). */
export function sniffIconType(bytes: Buffer): IconMediaType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (
    bytes.length >= 16 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  const text = decodeUtf8(bytes);
  if (
    text !== undefined &&
    /^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*>)\s*)*<svg[\s>/]/i.test(text)
  ) {
    return 'image/svg+xml';
  }
  return undefined;
}

function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** Only same-document references (`#id`) survive; every URL pointing elsewhere is removed. */
const LOCAL_REFERENCE = /^\s*#[\w.:-]*\s*$/;
const LOCAL_URL_ONLY = /^\s*url\(\s*['"]?#[\w.:-]*['"]?\s*\)\s*$/i;

interface Sanitizer {
  purify: DOMPurify;
  serialize(node: Node): string;
}
let sanitizer: Promise<Sanitizer> | undefined;

/**
 * DOMPurify on a jsdom window, made on first use: jsdom is loaded only when an SVG arrives, so
 * the server starts (and everything but SVG upload works) even where jsdom cannot load.
 */
function loadSanitizer(): Promise<Sanitizer> {
  sanitizer ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([
      import('dompurify'),
      import('jsdom'),
    ]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      const value = data.attrValue;
      if (
        (name === 'href' || name.endsWith(':href') || name === 'src') &&
        !LOCAL_REFERENCE.test(value)
      ) {
        data.keepAttr = false;
        return;
      }
      if (
        /url\s*\(|@import|expression\s*\(|javascript:/i.test(value) &&
        !LOCAL_URL_ONLY.test(value)
      ) {
        data.keepAttr = false;
      }
    });
    const serializer = new window.XMLSerializer();
    return { purify, serialize: (node: Node) => serializer.serializeToString(node) };
  })().catch((error: unknown) => {
    sanitizer = undefined; // try again on the next upload
    throw error;
  });
  return sanitizer;
}

/**
 * Sanitises an SVG: no script, no event handler, no style sheet, no foreign content, no link or
 * reference outside the document. Returns the clean SVG as XML (UTF-8).
 */
export async function sanitizeSvg(text: string): Promise<string> {
  const { purify, serialize } = await loadSanitizer();
  const fragment = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: [
      'style',
      'script',
      'foreignObject',
      'image',
      'a',
      'use',
      'iframe',
      'audio',
      'video',
    ],
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  }) as unknown as DocumentFragment;
  const root = Array.from(fragment.children).find(
    (element) =>
      element.localName === 'svg' && element.namespaceURI === 'http://www.w3.org/2000/svg',
  );
  if (!root) throw badRequest(ICON_EMPTY_SVG, [{ path: 'icon', message: ICON_EMPTY_SVG }]);
  return serialize(root);
}

/** Checks (by content), sanitises (SVG) and hashes an uploaded icon; 400 with the reason otherwise. */
export async function prepareIcon(bytes: Buffer): Promise<StoredIcon> {
  if (bytes.length === 0 || bytes.length > TILE_ICON_MAX_BYTES) {
    const message = bytes.length === 0 ? ICON_WRONG_TYPE : ICON_TOO_LARGE;
    throw badRequest(message, [{ path: 'icon', message }]);
  }
  const mediaType = sniffIconType(bytes);
  if (!mediaType) throw badRequest(ICON_WRONG_TYPE, [{ path: 'icon', message: ICON_WRONG_TYPE }]);
  const stored =
    mediaType === 'image/svg+xml'
      ? Buffer.from(await sanitizeSvg(bytes.toString('utf8')), 'utf8')
      : bytes;
  return { sha256: createHash('sha256').update(stored).digest('hex'), mediaType, bytes: stored };
}

export const iconUrl = (sha256: string | null | undefined): string | null =>
  sha256 ? `/api/tile-icon/${sha256}` : null;
