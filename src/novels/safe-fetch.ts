/**
 * Fetching a page a user named (the spider and novel covers, DESIGN section 7) with the
 * crawler's HTTP client (src/metadata/http.ts: timeout, retries, proxy) and the rules
 * that keep a user from reaching the server's own network through it:
 * - only http: and https: URLs;
 * - every address the host resolves to must be public: loopback, link-local, private,
 *   shared (CGNAT), multicast and reserved ranges are refused unless config
 *   `spiderAllowPrivate` is true. The check runs before each request and redirect, and
 *   again when the connection is made (the resolved address is the one connected to,
 *   so a name cannot resolve to a public address first and a private one next);
 * - redirects are followed here (at most 3), each target checked the same way;
 * - the answer is read up to a size cap.
 */
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import type { Config } from '../config/index.js';
import { Invalid, say } from '../model/index.js';
import { HttpClient, proxyUri, type HttpAnswer } from '../metadata/http.js';

const MAX_REDIRECTS = 3;

/** Ranges a fetch never reaches unless spiderAllowPrivate (IPv4-mapped IPv6 addresses are checked as IPv4). */
const BLOCKED = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) BLOCKED.addSubnet(net6, prefix, 'ipv6');

/** True when `address` (IPv4 or IPv6 text) is loopback, link-local, private or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Throws Invalid when an address of `host` may not be reached. */
function assertPublic(host: string, addresses: string[]): void {
  const refused = addresses.find(isPrivateAddress);
  if (refused !== undefined) throw new Invalid(say('spider.privateAddress', { host, address: refused }));
}

/** A dns.lookup that refuses private addresses: used when the connection is made. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    try {
      assertPublic(hostname, addresses.map((a) => a.address));
    } catch (refusal) {
      return callback(refusal as NodeJS.ErrnoException, '', 4);
    }
    if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Checks `url` before a request: http(s) only, and (unless `allowPrivate`) a public host. Answers the parsed URL. */
export async function checkUrl(url: string, allowPrivate: boolean): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Invalid(say('spider.badUrl', { url }));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Invalid(say('spider.badScheme', { scheme: parsed.protocol }));
  if (allowPrivate) return parsed;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    assertPublic(host, [host]);
    return parsed;
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    throw new Invalid(say('spider.unresolved', { host }));
  }
  assertPublic(host, addresses.map((a) => a.address));
  return parsed;
}

export interface PublicFetchOptions {
  /** Largest answer read, bytes. */
  maxBytes: number;
  /** Sent as Accept. */
  accept: string;
}

/**
 * GETs `url` under the rules of the file comment, with the crawler config's timeout
 * (dlsiteTimeout), retries and proxy. Answers the final 2xx answer and its URL.
 * Throws Invalid for a refused address or scheme or too many redirects, FetchError when
 * the page cannot be fetched (network, status, size).
 */
export async function fetchPublic(config: Config, url: string, opts: PublicFetchOptions): Promise<HttpAnswer & { url: string }> {
  const allowPrivate = config.spiderAllowPrivate;
  const client = new HttpClient({
    retry: config.retry,
    retryDelay: config.retryDelay,
    maxParallelism: 1,
    proxy: proxyUri(config.httpProxyHost, config.httpProxyPort),
    maxRedirections: 0,
    lookup: allowPrivate ? undefined : publicLookup,
  });
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const target = await checkUrl(current, allowPrivate);
      const answer = await client.fetch(target.href, { timeout: config.dlsiteTimeout, maxBytes: opts.maxBytes, headers: { accept: opts.accept } });
      if (answer.status < 300) return { ...answer, url: target.href };
      const location = answer.headers.location;
      if (typeof location !== 'string' || !location) throw new Invalid(say('spider.noLocation', { url: target.href }));
      if (hop >= MAX_REDIRECTS) throw new Invalid(say('spider.tooManyRedirects', { max: MAX_REDIRECTS, url }));
      current = new URL(location, target).href;
    }
  } finally {
    await client.close();
  }
}
