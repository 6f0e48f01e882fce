import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isSafeHref, Markdown, parseInline, parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists and quotes', () => {
    const source = [
      '# Titel',
      '',
      'Erster Satz',
      'geht weiter.',
      '',
      '- eins',
      '- zwei',
      '  Fortsetzung',
      '',
      '1. a',
      '2. b',
      '> Hinweis',
      '### Klein',
    ].join('\n');
    expect(parseMarkdown(source)).toEqual([
      { type: 'heading', level: 1, text: 'Titel' },
      { type: 'paragraph', text: 'Erster Satz geht weiter.' },
      { type: 'list', ordered: false, items: ['eins', 'zwei Fortsetzung'] },
      { type: 'list', ordered: true, items: ['a', 'b'] },
      { type: 'quote', text: 'Hinweis' },
      { type: 'heading', level: 3, text: 'Klein' },
    ]);
  });
});

describe('links', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['mailto:a@example.com', true],
    ['tel:+4930123', true],
    ['/datenschutz', true],
    ['#anker', true],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:text/html,x', false],
    ['//evil.example', false],
  ])('%s safe: %s', (href, expected) => {
    expect(isSafeHref(href)).toBe(expected);
  });

  it('drops unsafe links to their text', () => {
    expect(parseInline('[klick](javascript:void)')).toEqual([{ type: 'text', text: 'klick' }]);
  });
});

describe('Markdown', () => {
  it('renders bold and links, and shows HTML literally', () => {
    render(
      <Markdown
        source={
          '## Kontakt\n\n**Wichtig:** [E-Mail](mailto:a@example.com) <img src=x onerror=alert(1)>'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Kontakt' })).toBeInTheDocument();
    expect(screen.getByText('Wichtig:').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'E-Mail' })).toHaveAttribute(
      'href',
      'mailto:a@example.com',
    );
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('opens external links in a new tab without opener', () => {
    render(<Markdown source="[Seite](https://example.com)" />);
    expect(screen.getByRole('link', { name: 'Seite' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });
});
