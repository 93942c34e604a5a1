import { describe, expect, it } from 'vitest';
import { connectionCap, DESCRIPTORS_RESERVED, openFilesLimit } from './listener';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('the cap on connections in all', () => {
  it('reads the soft open-files limit of /proc/self/limits', () => {
    expect(openFilesLimit(LIMITS)).toBe(1024);
    expect(openFilesLimit(LIMITS.replace('1024 ', 'unlimited'))).toBeNull();
    expect(openFilesLimit(null)).toBeNull();
    expect(openFilesLimit('garbage')).toBeNull();
  });

  it('leaves descriptors for the store and files, at least 64 connections; MAX_CONNECTIONS decides when set', () => {
    expect(connectionCap(null, 1024)).toBe(1024 - DESCRIPTORS_RESERVED);
    expect(connectionCap(null, 200)).toBe(64);
    expect(connectionCap(null, null)).toBe(0);
    expect(connectionCap(500, 1024)).toBe(500);
    expect(connectionCap(0, 1024)).toBe(0);
  });

  it('reads this machine\'s own limit on Linux', () => {
    if (process.platform !== 'linux') return;
    expect(openFilesLimit()).toBeGreaterThan(0);
  });
});
