import { describe, expect, it } from 'vitest';
import {
  analyticsSite,
  mayTrack,
  pageViewCommands,
  readConsent,
  storedConsent,
} from './analytics-model';

const config = {
  analytics: { 'portal.example.de': '4' },
  analyticsUrl: 'https://matomo.example.org/',
};

describe('analytics', () => {
  it('runs only on configured hosts with a Matomo URL', () => {
    expect(analyticsSite(config, 'portal.example.de')).toEqual({
      url: 'https://matomo.example.org',
      siteId: '4',
    });
    expect(analyticsSite(config, 'localhost')).toBeNull();
    expect(analyticsSite({ analytics: config.analytics }, 'portal.example.de')).toBeNull();
  });

  it('tracks only after consent', () => {
    const site = analyticsSite(config, 'portal.example.de');
    expect(mayTrack(site, 'granted')).toBe(true);
    expect(mayTrack(site, 'denied')).toBe(false);
    expect(mayTrack(site, null)).toBe(false);
    expect(mayTrack(null, 'granted')).toBe(false);
  });

  it('remembers only a real decision', () => {
    expect(readConsent({ getItem: () => 'granted' })).toBe('granted');
    expect(readConsent({ getItem: () => 'denied' })).toBe('denied');
    expect(readConsent({ getItem: () => 'yes' })).toBeNull();
    expect(readConsent({ getItem: () => null })).toBeNull();
  });

  it('a consent to pseudonymous analytics does not cover name and e-mail: asked again once they are sent', () => {
    const stored = (value: string) => ({ getItem: () => value });
    // Given on the pseudonymous banner.
    expect(storedConsent('granted')).toBe('granted');
    expect(readConsent(stored('granted'), false)).toBe('granted');
    expect(readConsent(stored('granted'), true)).toBeNull();
    // Given on the banner that named name and e-mail: covers the pseudonymous kind too.
    const personal = storedConsent('granted', true);
    expect(readConsent(stored(personal), true)).toBe('granted');
    expect(readConsent(stored(personal), false)).toBe('granted');
    // A refusal stays a refusal.
    expect(storedConsent('denied', true)).toBe('denied');
    expect(readConsent(stored('denied'), true)).toBe('denied');
  });

  it('sends the pseudonym and institution id, name and e-mail only when given', () => {
    const commands = pageViewCommands({
      url: 'https://portal.example.de/orders',
      title: 'Aufträge',
      userId: 'a1b2',
      institutionId: 'inst-1',
    });
    expect(commands).toContainEqual(['setUserId', 'a1b2']);
    expect(commands).toContainEqual(['setCustomDimension', 1, 'inst-1']);
    expect(commands.some((c) => c[1] === 2 || c[1] === 3)).toBe(false);
    expect(commands.at(-1)).toEqual(['trackPageView']);
    const personal = pageViewCommands({
      url: 'u',
      title: 't',
      userId: 'x',
      name: 'Anna Schäfer',
      email: 'a@b.de',
    });
    expect(personal).toContainEqual(['setCustomDimension', 2, 'Anna Schäfer']);
    expect(personal).toContainEqual(['setCustomDimension', 3, 'a@b.de']);
    expect(pageViewCommands({ url: 'u', title: 't' })).toContainEqual(['resetUserId']);
  });
});
