import { describe, expect, it } from 'vitest';
import { readSignInHint } from './sign-in-hint';

const stored = (email: string) =>
  JSON.stringify({ access_token: 'x', profile: { sub: 's', email } });
const at = (search: string) => ({ pathname: '/', search, hash: '' });

describe('readSignInHint', () => {
  it('is nothing without the parameter', () => {
    expect(readSignInHint(at(''), stored('anna@example.org'))).toEqual({ kind: 'none' });
    expect(readSignInHint(at('?login_hint='), null)).toEqual({ kind: 'none' });
  });

  it('asks to sign in as the named person when somebody else is signed in here', () => {
    expect(
      readSignInHint(at('?login_hint=nora%40example.org'), stored('anna.admin@example.org')),
    ).toEqual({ kind: 'other', email: 'nora@example.org' });
  });

  it('asks to sign in as the named person when nobody (or an unreadable user) is stored', () => {
    expect(readSignInHint(at('?login_hint=nora%40example.org'), null)).toEqual({
      kind: 'other',
      email: 'nora@example.org',
    });
    expect(readSignInHint(at('?login_hint=nora%40example.org'), '{broken')).toEqual({
      kind: 'other',
      email: 'nora@example.org',
    });
  });

  it('keeps the person signed in who is named (any case) and drops the hint from the address', () => {
    expect(
      readSignInHint(
        { pathname: '/dashboard', search: '?login_hint=Nora%40Example.org&x=1', hash: '#top' },
        stored('nora@example.org'),
      ),
    ).toEqual({ kind: 'same', cleanUrl: '/dashboard?x=1#top' });
  });
});
