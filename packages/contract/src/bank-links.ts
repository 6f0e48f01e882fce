/**
 * Where a bank order's external links lead (spec section 4: "onboardingURL plus institutionId",
 * "bankingPortal plus institutionId"). The bank stores each address so that it ends where the
 * institution id belongs (for example `https://bank.example/konto-eroeffnen/` or `…?institution=`), and
 * the id is appended as it is, URL-encoded: plain concatenation, no query parameter of the
 * portal's choosing. Free of zod, so the dashboard's bank tiles and the bank order status page
 * import the one rule (`@portal/contract/bank-links`) without pulling the schemas into a chunk.
 */
export function bankOrderLink(url: string, institutionId: string): string {
  return `${url}${encodeURIComponent(institutionId)}`;
}
