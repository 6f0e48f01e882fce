import { documentUpdate, documentUploadMetadata } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from './limits';
import { draftFromFile } from './upload-draft';

describe("the document forms' limits are the server's", () => {
  it.each([
    ['upload', documentUploadMetadata],
    ['update', documentUpdate],
  ])(
    '%s: the longest display name and description pass, one more character does not',
    (_, schema) => {
      const valid = {
        displayName: 'a'.repeat(DISPLAY_NAME_MAX_LENGTH),
        createdAt: '2026-11-25',
        type: 'invoice',
        description: 'b'.repeat(DESCRIPTION_MAX_LENGTH),
      };
      expect(schema.safeParse(valid).success).toBe(true);
      expect(
        schema.safeParse({ ...valid, displayName: 'a'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) })
          .success,
      ).toBe(false);
      expect(
        schema.safeParse({ ...valid, description: 'b'.repeat(DESCRIPTION_MAX_LENGTH + 1) }).success,
      ).toBe(false);
    },
  );

  it('cuts a longer file name to the display name the server accepts', () => {
    const file = new File(['x'], `${'n'.repeat(300)}.pdf`, { type: 'application/pdf' });
    expect(draftFromFile(file, '2026-11-25', 'invoice').displayName).toHaveLength(
      DISPLAY_NAME_MAX_LENGTH,
    );
  });
});
