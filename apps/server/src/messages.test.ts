import { describe, expect, it } from 'vitest';
import { messages } from './messages';

describe('German counts in server messages', () => {
  it.each([
    [1, 'Zu viele Anfragen. Bitte versuchen Sie es in 1 Sekunde erneut.'],
    [2, 'Zu viele Anfragen. Bitte versuchen Sie es in 2 Sekunden erneut.'],
    [60, 'Zu viele Anfragen. Bitte versuchen Sie es in 60 Sekunden erneut.'],
  ])('429 after %i s: %s', (seconds, text) => {
    expect(messages.tooManyRequests(seconds)).toBe(text);
  });
});
