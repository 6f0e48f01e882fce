import { DOCUMENT_EXTENSIONS } from '@portal/contract/file-names';

/**
 * What the file picker offers and the drop zone takes: the types the server's content check
 * allows (the contract's DOCUMENT_EXTENSIONS), by content type and by file name ending (a file
 * whose type the browser does not know is judged by its ending). Plain text of any kind
 * (`text/*`: .csv, .log), as the server takes any UTF-8 text that is no markup.
 *
 * On a phone this is what makes an upload of a photo work: without it an iPhone sends its
 * camera's HEIC pictures, which the server refuses; with JPEG named here and HEIC not, Safari
 * converts them to JPEG, and Android's picker offers the camera and the documents it can take.
 */
export const UPLOAD_ACCEPT: Readonly<Record<string, string[]>> = {
  ...Object.fromEntries(
    Object.entries(DOCUMENT_EXTENSIONS).map(([type, extension]) => [
      type,
      extension === 'jpg' ? ['.jpg', '.jpeg'] : [`.${extension}`],
    ]),
  ),
  'text/*': ['.txt', '.csv', '.log'],
};
