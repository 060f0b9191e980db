/** Fallback shown in the account tag when the account has neither description nor name. */
export const productAbbreviation = 'MR';

/** The top menu's account tag: the description, else the name, else 'MR'. */
export function accountTag(account: { description?: string | null; name?: string | null } | null): string {
  const description = account?.description?.trim();
  if (description) return description;
  const name = account?.name?.trim();
  if (name) return name;
  return productAbbreviation;
}
