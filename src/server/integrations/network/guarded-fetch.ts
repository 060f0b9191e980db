import { lookup as resolveWithDns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { isPrivateAddress } from './private-addresses';

/**
 * fetch towards an address an admin may set (the CRM's), refusing private addresses unless the operator allows
 * them. The check runs when each connection is made, on the address it is made to: after DNS resolution (a name
 * that resolves to 10.0.0.5 is refused; so is one that answers a public address to a check and a private one a
 * moment later) and for an address written as an IP. Redirects are never followed: each would be a new address,
 * and the CRM's password would follow it.
 */

/** The error a refused address raises; the caller reports it like any other connection failure. */
export class PrivateAddressError extends Error {
  readonly code = 'PRIVATE_ADDRESS_REFUSED';

  constructor(host: string, address: string) {
    super(
      `${host} is a private address (${address}); SOURCE_ALLOW_PRIVATE_HOSTS=true allows such CRM addresses.`,
    );
    this.name = 'PrivateAddressError';
  }
}

export type GuardedFetchOptions = {
  /** SOURCE_ALLOW_PRIVATE_HOSTS: private addresses allowed (the embedded demo's simulator is on 127.0.0.1). */
  isPrivateAllowed: boolean;
  /** Name resolution (dns.lookup unless a test gives its own). */
  resolve?: LookupFunction;
};

/** The subset of fetch the CRM adapter uses. */
export type OutboundFetch = (
  url: URL,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal: AbortSignal;
    redirect: 'manual';
  },
) => Promise<{ status: number; text: () => Promise<string> }>;

/** A lookup that answers as `resolve` does, or fails with PrivateAddressError when any address is private. */
export function createGuardedLookup(options: GuardedFetchOptions): LookupFunction {
  const resolve = options.resolve ?? resolveWithDns;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, lookupOptions, (error, address, family) => {
      if (error || options.isPrivateAllowed) {
        callback(error, address, family);
        return;
      }
      const addresses = Array.isArray(address)
        ? address.map((entry: LookupAddress) => entry.address)
        : [address];
      const blocked = addresses.find(isPrivateAddress);
      if (blocked === undefined) callback(null, address, family);
      else callback(new PrivateAddressError(hostname, blocked), Array.isArray(address) ? [] : '', family);
    });
  };
}

export function createGuardedFetch(options: GuardedFetchOptions): OutboundFetch {
  const connectResolved = buildConnector({ lookup: createGuardedLookup(options) });
  // An address written as an IP is connected to without a lookup, so it is checked here.
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const { hostname } = connectOptions;
    if (!options.isPrivateAllowed && isPrivateAddress(hostname)) {
      callback(new PrivateAddressError(hostname, hostname), null);
      return;
    }
    connectResolved(connectOptions, callback);
  };
  const dispatcher = new Agent({ connect });
  return (url, init) => undiciFetch(url, { ...init, dispatcher });
}
