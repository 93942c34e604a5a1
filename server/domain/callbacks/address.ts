/**
 * Which callback addresses the service may call (domain.md "Callbacks": never internal network targets
 * in production). Checked when a callbackUrl is set (422) and again at every delivery, where the DNS
 * answer actually connected to is checked (see safeLookup), so a name that later resolves inside the
 * network (DNS rebinding) is refused too.
 *
 * Categories: loopback (allowed with config.callbackAllowLoopback), private incl. CGNAT and IPv6 ULA
 * (config.callbackAllowPrivate), link-local (never: 169.254.169.254 is the cloud metadata service),
 * reserved/multicast/documentation (never).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type AddressCategory = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

export interface AddressPolicy {
  allowLoopback: boolean;
  allowPrivate: boolean;
  /** Production: only https targets. */
  requireHttps: boolean;
}

export function policyFromConfig(c: { callbackAllowLoopback: boolean; callbackAllowPrivate: boolean; profile: string }): AddressPolicy {
  return { allowLoopback: c.callbackAllowLoopback, allowPrivate: c.callbackAllowPrivate, requireHttps: c.profile === 'production' };
}

/**
 * Classification is ipaddr.js's (its special-purpose registries, kept up to date upstream) rather than
 * hand-written bit masks: parsing every IPv6 spelling (zero compression, embedded dotted quads, zone ids)
 * is exactly where a hand-written filter let internal addresses through (docs/security.md ("Leaks")).
 */
const V4_RANGES: Record<string, AddressCategory> = {
  unspecified: 'reserved',
  broadcast: 'reserved',
  multicast: 'reserved',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'private',
  private: 'private',
  reserved: 'reserved',
  // Anycast services on public addresses.
  as112: 'public',
  amt: 'public',
  unicast: 'public',
};

function classifyV4(ip: ipaddr.IPv4): AddressCategory {
  return V4_RANGES[ip.range()] ?? 'reserved';
}

const V6_FIXED: Record<string, AddressCategory> = {
  unspecified: 'reserved',
  linkLocal: 'link-local',
  multicast: 'reserved',
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  discard: 'reserved',
  benchmarking: 'reserved',
  reserved: 'reserved',
  deprecatedOrchid: 'reserved',
  orchid2: 'reserved',
  droneRemoteIdProtocolEntityTags: 'reserved',
  segmentRouting: 'reserved',
  amt: 'public',
  as112v6: 'public',
};

const v4 = (bytes: number[]) => new ipaddr.IPv4(bytes);
const hi = (g: number) => g >> 8;
const lo = (g: number) => g & 255;

/**
 * Through a translator or tunnel (NAT64, 6to4, Teredo) the gateway decides where a packet goes: the
 * address is public only if every IPv4 address it embeds is; otherwise it is never called.
 */
function viaGateway(embedded: ipaddr.IPv4[]): AddressCategory {
  return embedded.every((a) => classifyV4(a) === 'public') ? 'public' : 'reserved';
}

function classifyV6(ip: ipaddr.IPv6): AddressCategory {
  const g = ip.parts;
  const range = ip.range();
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d) are that IPv4 address.
  if (range === 'ipv4Mapped' || range === 'rfc6145') return classifyV4(v4([hi(g[6]!), lo(g[6]!), hi(g[7]!), lo(g[7]!)]));
  if (range === 'rfc6052') {
    // 64:ff9b::/96 carries the IPv4 address in its last 32 bits; the local-use 64:ff9b:1::/48 may put
    // it anywhere, so it is never called.
    if (g[2] !== 0) return 'reserved';
    return viaGateway([v4([hi(g[6]!), lo(g[6]!), hi(g[7]!), lo(g[7]!)])]);
  }
  if (range === '6to4') return viaGateway([v4([hi(g[1]!), lo(g[1]!), hi(g[2]!), lo(g[2]!)])]);
  if (range === 'teredo') {
    // Server in bits 32..63, client (bit-inverted) in 96..127: both must be public.
    const server = v4([hi(g[2]!), lo(g[2]!), hi(g[3]!), lo(g[3]!)]);
    const client = v4([hi(~g[6]! & 0xffff), lo(~g[6]! & 0xffff), hi(~g[7]! & 0xffff), lo(~g[7]! & 0xffff)]);
    return viaGateway([server, client]);
  }
  const fixed = V6_FIXED[range];
  if (fixed) return fixed;
  // Deprecated IPv4-compatible ::a.b.c.d (:: and ::1 were matched above): the IPv4 address it carries.
  if (g.slice(0, 6).every((x) => x === 0)) return classifyV4(v4([hi(g[6]!), lo(g[6]!), hi(g[7]!), lo(g[7]!)]));
  // Only 2000::/3 is allocated for global unicast; anything else is not a place to send callbacks.
  return (g[0]! & 0xe000) === 0x2000 ? 'public' : 'reserved';
}

export function classifyAddress(ip: string): AddressCategory {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (!isIP(bare.split('%')[0]!) || !ipaddr.isValid(bare)) return 'reserved';
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === 'ipv4' ? classifyV4(parsed as ipaddr.IPv4) : classifyV6(parsed as ipaddr.IPv6);
}

export function categoryAllowed(cat: AddressCategory, policy: AddressPolicy): boolean {
  if (cat === 'public') return true;
  if (cat === 'loopback') return policy.allowLoopback;
  if (cat === 'private') return policy.allowPrivate;
  return false;
}

function refusal(what: string, cat: AddressCategory): string {
  return `callbackUrl ${what} is on a ${cat} network, which this deployment does not call`;
}

/** Checks scheme and literal host; returns the host to resolve (null for an IP literal) or throws a message. */
export function checkUrlShape(raw: string, policy: AddressPolicy): { host: string; literal: boolean } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error('callbackUrl is not an absolute URL');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error('callbackUrl must use http or https');
  if (policy.requireHttps && u.protocol !== 'https:') throw new Error('callbackUrl must use https in production');
  if (u.username || u.password) throw new Error('callbackUrl must not carry credentials (user:password@)');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const cat = classifyAddress(host);
    if (!categoryAllowed(cat, policy)) throw new Error(refusal(`address ${host}`, cat));
    return { host, literal: true };
  }
  // RFC 6761: *.localhost is loopback whatever a resolver says.
  if (host === 'localhost' || host.endsWith('.localhost')) {
    if (!policy.allowLoopback) throw new Error(refusal(`host ${host}`, 'loopback'));
  }
  return { host, literal: false };
}

function lookupAll(host: string, timeoutMs: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} timed out`)), timeoutMs);
    dnsLookup(host, { all: true, verbatim: true }, (err, addrs) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(addrs);
    });
  });
}

/**
 * Create-time check (422 on failure). A name is resolved and every address it has must be allowed.
 * A name that does not resolve now is accepted (it may be published later); delivery checks again.
 */
export async function assertCallbackAllowed(raw: string, policy: AddressPolicy, timeoutMs = 3000): Promise<void> {
  const { host, literal } = checkUrlShape(raw, policy);
  if (literal) return;
  let addrs: LookupAddress[];
  try {
    addrs = await lookupAll(host, timeoutMs);
  } catch {
    return;
  }
  for (const a of addrs) {
    const cat = classifyAddress(a.address);
    if (!categoryAllowed(cat, policy)) throw new Error(refusal(`host ${host} (${a.address})`, cat));
  }
}

type LookupCb = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup for http.request that refuses disallowed answers, so the checked address is the one used. */
export function safeLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOptions, cb: LookupCb): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addrs) => {
      if (err) return cb(err, '', 0);
      const list = addrs as LookupAddress[];
      const bad = list.find((a) => !categoryAllowed(classifyAddress(a.address), policy));
      if (bad || list.length === 0) {
        const e = Object.assign(new Error(bad ? refusal(`host ${hostname} (${bad.address})`, classifyAddress(bad.address)) : `no address for ${hostname}`), { code: 'EADDRREFUSED' });
        return cb(e, '', 0);
      }
      if (options.all) return cb(null, list);
      cb(null, list[0]!.address, list[0]!.family);
    });
  };
}
