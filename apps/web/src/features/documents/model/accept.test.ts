import { DOCUMENT_EXTENSIONS } from '@portal/contract/file-names';
import { describe, expect, it } from 'vitest';
import { UPLOAD_ACCEPT } from './accept';

describe('UPLOAD_ACCEPT', () => {
  it("offers every type the server's content check allows, with its file name ending", () => {
    for (const [type, extension] of Object.entries(DOCUMENT_EXTENSIONS)) {
      expect(UPLOAD_ACCEPT[type]).toContain(`.${extension}`);
    }
    expect(UPLOAD_ACCEPT['image/jpeg']).toEqual(['.jpg', '.jpeg']);
  });

  it("names no HEIC, so an iPhone converts its camera's photos to JPEG", () => {
    expect(Object.keys(UPLOAD_ACCEPT).some((type) => /heic|heif|image\/\*/.test(type))).toBe(false);
  });
});
