/** The settings of leases, time-outs, the connection cap, draining and heavy work: defaults, and refusals that name the variable. */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { currentHeavyConfig, useHeavyConfig } from './workers/heavy-config';

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

describe('heavy-work settings (worker pool, main-thread gate, time budgets)', () => {
  const vars = ['WORKER_THREADS', 'WORKER_QUEUE', 'WORKER_IDLE_SECONDS', 'REQUEST_BUDGET_MS', 'MAIN_THREAD_BUDGET_MS', 'MAIN_THREAD_QUEUE', 'ROUTE_BUDGET_MS'];

  it('are parsed with the rest of the settings, with the documented defaults (docs/security.md, "Heavy work")', () => {
    expect(loadConfig({ WORKER_THREADS: '3' }).heavy).toEqual({
      workerThreads: 3,
      workerQueue: 64,
      workerIdleMs: 60_000,
      requestBudgetMs: 1_500,
      mainThreadBudgetMs: 250,
      mainThreadQueue: 32,
      routeBudgetMs: 2_000,
    });
    expect(loadConfig({ ROUTE_BUDGET_MS: '5000', MAIN_THREAD_QUEUE: '4' }).heavy).toMatchObject({ routeBudgetMs: 5_000, mainThreadQueue: 4 });
  });

  it('refuse a bad value of each at load, naming the variable', () => {
    for (const name of vars) {
      for (const bad of ['0', '-5', '1.5', 'soon']) expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(`^${name} must be a positive integer`));
    }
  });

  it('are what the process uses once the service starts with them, whatever the environment says later', () => {
    const cfg = loadConfig({ ROUTE_BUDGET_MS: '1234' }).heavy;
    useHeavyConfig(cfg);
    const before = process.env.ROUTE_BUDGET_MS;
    process.env.ROUTE_BUDGET_MS = 'not read at first use';
    try {
      expect(currentHeavyConfig()).toBe(cfg);
    } finally {
      if (before === undefined) delete process.env.ROUTE_BUDGET_MS;
      else process.env.ROUTE_BUDGET_MS = before;
    }
  });

  it('stop the service at start with a message naming the variable (the process exits before it listens)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, ROUTE_BUDGET_MS: 'two seconds', PORT: '0', DATA_DIR: path.join(os.tmpdir(), `skyplan-config-${process.pid}`), PORTAL_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/ROUTE_BUDGET_MS must be a positive integer, got "two seconds"/);
  }, 60_000);
});

describe('tile part cache', () => {
  it('is 96 MB by default, settable, and refused below twice the largest part', () => {
    expect(loadConfig({}).tilePartCacheMb).toBe(96);
    expect(loadConfig({ TILE_PART_CACHE_MB: '200' }).tilePartCacheMb).toBe(200);
    expect(() => loadConfig({ TILE_PART_CACHE_MB: '10' })).toThrow(/TILE_PART_CACHE_MB must be at least 48/);
    expect(() => loadConfig({ TILE_PART_CACHE_MB: 'lots' })).toThrow(/TILE_PART_CACHE_MB must be a non-negative integer/);
  });
});

describe('online maps', () => {
  it('offer the public street and aerial maps by default, each switched off by an empty URL', () => {
    const { onlineMaps } = loadConfig({});
    expect(onlineMaps.streets).toEqual({ styleUrl: 'https://tiles.openfreemap.org/styles/liberty', attribution: '© OpenStreetMap contributors, © OpenMapTiles' });
    expect(onlineMaps.aerial).toEqual({
      tilesUrl: 'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}',
      attribution: 'U.S. Geological Survey',
      maxZoom: 16,
    });
    expect(loadConfig({ STREETS_STYLE_URL: '', AERIAL_TILES_URL: '' }).onlineMaps).toEqual({ streets: null, aerial: null });
    const own = loadConfig({ STREETS_STYLE_URL: 'https://maps.example/style.json', STREETS_ATTRIBUTION: '© Us', AERIAL_TILES_URL: 'https://img.example/{z}/{x}/{y}.jpg', AERIAL_MAX_ZOOM: '19' }).onlineMaps;
    expect(own).toEqual({ streets: { styleUrl: 'https://maps.example/style.json', attribution: '© Us' }, aerial: { tilesUrl: 'https://img.example/{z}/{x}/{y}.jpg', attribution: 'U.S. Geological Survey', maxZoom: 19 } });
    expect(loadConfig({ BASEMAP_STYLE_URL: 'https://deploy.example/s.json' }).onlineMaps.streets?.styleUrl).toBe('https://deploy.example/s.json');
  });

  it('refuses a map URL that is not http(s) or an aerial template without its placeholders, naming the variable', () => {
    expect(() => loadConfig({ STREETS_STYLE_URL: 'ftp://x/style.json' })).toThrow(/STREETS_STYLE_URL must be an http or https URL/);
    expect(() => loadConfig({ AERIAL_TILES_URL: 'https://img.example/{z}/{x}.png' })).toThrow(/AERIAL_TILES_URL must hold \{y\}/);
    expect(() => loadConfig({ PORTAL_CONNECT_ORIGINS: 'javascript:alert(1)' })).toThrow(/PORTAL_CONNECT_ORIGINS/);
    expect(loadConfig({ PORTAL_CONNECT_ORIGINS: 'https://a.example/x, https://b.example:8443' }).portalConnectOrigins).toEqual(['https://a.example', 'https://b.example:8443']);
  });
});
