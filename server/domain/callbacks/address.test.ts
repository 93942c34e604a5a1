import { describe, expect, it } from 'vitest';
import { assertCallbackAllowed, checkUrlShape, classifyAddress, type AddressPolicy } from './address';
import { signatureHeader, verifySignature } from './signing';
import { backoffSeconds, BACKOFF_CAP_SECONDS } from './deliver';

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
