import './styles';
import { Button, VisuallyHidden } from '@mantine/core';
import type { CompiledPage } from '../../lib/markdown-html';
import { orders as t } from '../../messages/de';

/**
 * The outgoing link of an offer page (Banking, eGeKo SMO, eGeKo HOZ, Connect): the operator's
 * `[link]: https://… "Label"` definition, shown as a button beside the page title.
 */
export function OfferLinkButton({ link }: { link: CompiledPage['link'] }) {
  if (!link) return null;
  return (
    <Button component="a" href={link.href} target="_blank" rel="noopener noreferrer">
      {link.label ?? t.offer.linkFallback}
      <VisuallyHidden> {t.offer.external}</VisuallyHidden>
    </Button>
  );
}
