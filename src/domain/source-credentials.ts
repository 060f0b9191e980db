/** Shown on the password field and answered by the server when a CRM link change comes without the password. */
export const reenterSourcePasswordMessage =
  'Enter the CRM password again to change the CRM address or username.';

export type StoredSourceLink = { url: string; username: string; hasPassword: boolean };
/** A save's CRM fields; undefined leaves a field as stored, an empty password keeps the stored one. */
export type SourceLinkChange = { url?: string; username?: string; password?: string };

/**
 * The stored CRM password was entered for the stored address and username: a change that points it at another
 * address (or another user) must carry the password again, so an address never receives a secret not typed for
 * it. Clearing the address sends nothing anywhere, so it needs no password.
 */
export function isSourcePasswordRequired(stored: StoredSourceLink, change: SourceLinkChange): boolean {
  if (!stored.hasPassword || change.password) return false;
  const isAddressChanged = change.url !== undefined && change.url !== '' && change.url !== stored.url;
  const isUserChanged = change.username !== undefined && change.username !== stored.username;
  return isAddressChanged || isUserChanged;
}
