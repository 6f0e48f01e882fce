import { financingRequestInput } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { PURPOSE_MAX_LENGTH } from './limits';

describe("the financing request form's limit is the server's", () => {
  it('the longest purpose passes, one more character does not', () => {
    const request = (purpose: string) => ({
      amount: 1000,
      purpose,
      termMonths: 12,
      phone: '+49 30 1234567',
    });
    expect(financingRequestInput.safeParse(request('a'.repeat(PURPOSE_MAX_LENGTH))).success).toBe(
      true,
    );
    expect(
      financingRequestInput.safeParse(request('a'.repeat(PURPOSE_MAX_LENGTH + 1))).success,
    ).toBe(false);
  });
});
