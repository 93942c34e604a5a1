import { describe, expect, it } from 'vitest';
import { assertCallbackAllowed, checkUrlShape, classifyAddress, type AddressPolicy } from './address';
import { signatureHeader, verifySignature } from './signing';
import { backoffSeconds, BACKOFF_CAP_SECONDS } from '../../services/callbacks/deliver';

const strict: AddressPolicy = { allowLoopback: false, allowPrivate: false, requireHttps: false };

describe('callback address policy', () => {
  it('classifies IPv4 and IPv6 addresses', () => {
    const cases: Array<[string, string]> = [
      ['8.8.8.8', 'public'], ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['10.2.3.4', 'private'], ['172.16.0.1', 'private'],
      ['172.32.0.1', 'public'], ['192.168.1.1', 'private'], ['100.64.0.1', 'private'], ['169.254.169.254', 'link-local'], ['0.0.0.0', 'reserved'],
      ['224.0.0.1', 'reserved'], ['255.255.255.255', 'reserved'], ['::1', 'loopback'], ['::', 'reserved'], ['fd12:3456::1', 'private'],
      ['fe80::1', 'link-local'], ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::ffff:8.8.8.8', 'public'],
      ['2001:4860:4860::8888', 'public'], ['2001:db8::1', 'reserved'], ['ff02::1', 'reserved'], ['64:ff9b::a00:1', 'reserved'],
    ];
    for (const [ip, cat] of cases) expect(classifyAddress(ip), ip).toBe(cat);
  });

  it('classifies IPv6 forms that embed an IPv4 address by the address they embed', () => {
    const cases: Array<[string, string]> = [
      // IPv4-mapped, every spelling.
      ['::ffff:7f00:1', 'loopback'], ['::FFFF:127.0.0.1', 'loopback'], ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'], ['0000:0000:0000:0000:0000:ffff:7f00:0001', 'loopback'],
      ['::ffff:a00:1', 'private'], ['::ffff:10.0.0.1', 'private'], ['::ffff:169.254.169.254', 'link-local'], ['::ffff:0.0.0.0', 'reserved'],
      // IPv4-translated (RFC 6145) and the deprecated IPv4-compatible form.
      ['::ffff:0:7f00:1', 'loopback'], ['::ffff:0:10.1.2.3', 'private'], ['::ffff:0:808:808', 'public'],
      ['::7f00:1', 'loopback'], ['::127.0.0.1', 'loopback'], ['::a00:1', 'private'], ['::a9fe:a9fe', 'link-local'],
      // Through a gateway: NAT64, 6to4, Teredo are public only when what they embed is.
      ['64:ff9b::7f00:1', 'reserved'], ['64:ff9b::127.0.0.1', 'reserved'], ['64:ff9b::808:808', 'public'], ['64:ff9b:1::a00:1', 'reserved'],
      ['2002:7f00:1::1', 'reserved'], ['2002:a00:1::', 'reserved'], ['2002:c0a8:101::1', 'reserved'], ['2002:808:808::1', 'public'],
      // Teredo: server 65.54.227.120 (public) with client 127.0.0.1 (inverted: 80ff:fffe), and a public pair (client 8.8.8.8).
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'reserved'], ['2001:0:7f00:1:8000:63bf:f7f7:f7f7', 'reserved'], ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'public'],
      // Zone ids, brackets, and what is not global unicast.
      ['fe80::1%eth0', 'link-local'], ['[::1]', 'loopback'], ['fec0::1', 'private'], ['4000::1', 'reserved'], ['100::1', 'reserved'], ['not-an-ip', 'reserved'],
    ];
    for (const [ip, cat] of cases) expect(classifyAddress(ip), ip).toBe(cat);
  });

  it('refuses URLs whose host is an IPv6 literal embedding an internal IPv4 address', () => {
    for (const host of ['[::ffff:0:7f00:1]', '[::7f00:1]', '[::ffff:7f00:1]', '[::ffff:127.0.0.1]', '[2002:7f00:1::1]', '[64:ff9b::7f00:1]', '[2001:0:4136:e378:8000:63bf:80ff:fffe]', '[::ffff:169.254.169.254]']) {
      expect(() => checkUrlShape(`http://${host}:8080/cb`, strict), host).toThrow(/callbackUrl address/);
    }
    // Even with loopback and private allowed, a gateway form and link-local stay refused.
    const lenient: AddressPolicy = { allowLoopback: true, allowPrivate: true, requireHttps: false };
    expect(() => checkUrlShape('http://[64:ff9b::a9fe:a9fe]/cb', lenient)).toThrow(/reserved/);
    expect(() => checkUrlShape('http://[::ffff:a9fe:a9fe]/cb', lenient)).toThrow(/link-local/);
  });

  it('refuses internal literals unless allowed, never link-local, and credentials', () => {
    expect(() => checkUrlShape('http://127.0.0.1:8080/x', strict)).toThrow(/loopback/);
    expect(() => checkUrlShape('http://[::1]/x', strict)).toThrow(/loopback/);
    expect(() => checkUrlShape('http://localhost/x', strict)).toThrow(/loopback/);
    expect(() => checkUrlShape('http://10.0.0.1/x', strict)).toThrow(/private/);
    expect(checkUrlShape('http://127.0.0.1/x', { ...strict, allowLoopback: true }).literal).toBe(true);
    expect(checkUrlShape('http://10.0.0.1/x', { ...strict, allowPrivate: true }).literal).toBe(true);
    expect(() => checkUrlShape('http://169.254.169.254/x', { allowLoopback: true, allowPrivate: true, requireHttps: false })).toThrow(/link-local/);
    expect(() => checkUrlShape('http://example.com/x', { ...strict, requireHttps: true })).toThrow(/https/);
    expect(() => checkUrlShape('https://a:b@example.com/x', strict)).toThrow(/credentials/);
    expect(checkUrlShape('https://hooks.example.com/cb?client=1', strict)).toEqual({ host: 'hooks.example.com', literal: false });
  });

  it('resolves names and refuses one that points inside', async () => {
    await expect(assertCallbackAllowed('http://localhost:9/x', strict)).rejects.toThrow(/loopback/);
    await expect(assertCallbackAllowed('http://localhost:9/x', { ...strict, allowLoopback: true })).resolves.toBeUndefined();
  });
});

describe('signatures and backoff', () => {
  it('signs t.body with HMAC-SHA256 and verifies within the tolerance', () => {
    const h = signatureHeader('s3cret', 1_700_000_000, '{"a":1}');
    expect(h).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('s3cret', h, '{"a":1}', 1_700_000_100)).toBe(true);
    expect(verifySignature('s3cret', h, '{"a":2}', 1_700_000_100)).toBe(false);
    expect(verifySignature('other', h, '{"a":1}', 1_700_000_100)).toBe(false);
    expect(verifySignature('s3cret', h, '{"a":1}', 1_700_001_000)).toBe(false);
  });

  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30)).toBe(BACKOFF_CAP_SECONDS);
  });
});
