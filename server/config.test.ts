/** The settings of leases, time-outs, the connection cap and draining: defaults, and refusals that name the variable. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('cluster and connection settings', () => {
  it('have the documented defaults (docs/deploy.md, docs/security.md ("Connections"))', () => {
    expect(loadConfig({})).toMatchObject({
      leaseSeconds: 20,
      headersTimeoutSeconds: 10,
      requestTimeoutSeconds: 30,
      keepAliveTimeoutSeconds: 5,
      maxConnectionsPerAddress: 100,
      drainDelaySeconds: 0,
      drainTimeoutSeconds: 25,
    });
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' }).maxConnectionsPerAddress).toBe(0);
  });

  it('refuses values that would switch a protection off or make no sense', () => {
    expect(() => loadConfig({ LEASE_SECONDS: '0' })).toThrow(/LEASE_SECONDS must be at least 1/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: 'soon' })).toThrow(/REQUEST_TIMEOUT_SECONDS must be a non-negative integer/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(/must not exceed REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });
});

describe('tile part cache', () => {
  it('is 96 MB by default, settable, and refused below twice the largest part', () => {
    expect(loadConfig({}).tilePartCacheMb).toBe(96);
    expect(loadConfig({ TILE_PART_CACHE_MB: '200' }).tilePartCacheMb).toBe(200);
    expect(() => loadConfig({ TILE_PART_CACHE_MB: '10' })).toThrow(/TILE_PART_CACHE_MB must be at least 48/);
    expect(() => loadConfig({ TILE_PART_CACHE_MB: 'lots' })).toThrow(/TILE_PART_CACHE_MB must be a non-negative integer/);
  });
});
