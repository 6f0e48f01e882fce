/** `tel:` target of a phone number as people write it ("+49 (0)30 123-45" -> "+4930 12345"). */
export function telHref(phone: string): string {
  const compact = phone.replace(/\(0\)/g, '').replace(/[^\d+]/g, '');
  return `tel:${compact}`;
}
