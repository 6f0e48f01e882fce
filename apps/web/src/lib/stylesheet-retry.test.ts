import { afterEach, describe, expect, it } from 'vitest';
import { retryFailedStylesheets } from './stylesheet-retry';

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

const addLink = (href: string) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
  return link;
};

describe('retryFailedStylesheets', () => {
  it("asks again for the app's stylesheets that did not arrive, once, and for nothing else", () => {
    const failed = addLink('/assets/orders-routes-abc.css');
    addLink('https://fonts.example/other.css');
    retryFailedStylesheets();
    const fresh = failed.nextElementSibling as HTMLLinkElement;
    expect(fresh.href).toBe(failed.href);
    expect(fresh.crossOrigin).toBe('');
    expect(fresh.dataset.retrying).toBe('true');
    // A second call while the new one still loads adds none.
    retryFailedStylesheets();
    const links = [...document.head.querySelectorAll('link')].map((link) => link.href);
    expect(links.filter((href) => href.endsWith('/assets/orders-routes-abc.css'))).toHaveLength(2);
    expect(links.filter((href) => href.startsWith('https://fonts.example/'))).toHaveLength(1);
    // Failed again: the new link goes, the old one stays for the next try.
    fresh.dispatchEvent(new Event('error'));
    expect(fresh.isConnected).toBe(false);
    expect(failed.isConnected).toBe(true);
  });
});
