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

const V4: Array<[string, number, AddressCategory]> = [
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'reserved'],
  ['240.0.0.0', 4, 'reserved'],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

function classifyV4(ip: string): AddressCategory {
  const n = v4ToInt(ip);
  for (const [base, bits, cat] of V4) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === (v4ToInt(base) & mask) >>> 0) return cat;
  }
  return 'public';
}

/** Expands an IPv6 address into 8 numbers. */
function v6Groups(ip: string): number[] {
  let s = ip.toLowerCase().split('%')[0]!;
  // A trailing dotted quad (::ffff:1.2.3.4) becomes two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (quad) {
    const n = v4ToInt(quad[1]!);
    s = s.slice(0, -quad[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined];
  const h = head ? head.split(':').filter(Boolean) : [];
  const t = tail !== undefined ? tail.split(':').filter(Boolean) : [];
  const fill = tail !== undefined ? Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => parseInt(g, 16));
}

function classifyV6(ip: string): AddressCategory {
  const g = v6Groups(ip);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return 'reserved';
  const zeroUntil = (k: number) => g.slice(0, k).every((x) => x === 0);
  // IPv4-mapped ::ffff:a.b.c.d is the IPv4 address it carries.
  if (zeroUntil(5) && g[5] === 0xffff) return classifyV4(`${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`);
  if (zeroUntil(7) && g[7] === 1) return 'loopback';
  if (zeroUntil(6)) return 'reserved'; // :: and the deprecated IPv4-compatible block
  if (g[0] === 0x64 && g[1] === 0xff9b) return 'reserved'; // NAT64 could reach internal IPv4
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private';
  if ((g[0]! & 0xff00) === 0xff00) return 'reserved';
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'reserved';
  return 'public';
}

export function classifyAddress(ip: string): AddressCategory {
  const kind = isIP(ip);
  if (kind === 4) return classifyV4(ip);
  if (kind === 6) return classifyV6(ip);
  return 'reserved';
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
