import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, mockFetch } from '../test/fetch-mock';
import { forgetToken, request, requestVoid, schemaFrom } from './api-client';
import { ApiError } from './api-error';
import { updateSettings } from './settings';

const OkSchema = z.object({ ok: z.boolean() });
const Ok = () => Promise.resolve(OkSchema);
const TOKEN = { statusCode: 200, message: 'success', data: { accessToken: 'tok-1', expires: '2099-01-01T00:00:00Z' } };
const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

afterEach(() => {
  forgetToken();
  vi.unstubAllEnvs();
  updateSettings({ remote: null }, '');
});

describe('api client, this deployment', () => {
  it('sends the session cookie, and the CSRF token only on requests that change state', async () => {
    document.cookie = 'sp_csrf=abc%3D123; path=/';
    const api = mockFetch(() => json({ ok: true }));
    await request('/v1/thing', Ok);
    await request('/v1/thing', Ok, { method: 'POST', body: { a: 1 } });
    const [, get] = api.fn.mock.calls[0]!;
    const [, post] = api.fn.mock.calls[1]!;
    expect(get?.credentials).toBe('same-origin');
    expect(headersOf(get)['X-CSRF-Token']).toBeUndefined();
    expect(headersOf(post)['X-CSRF-Token']).toBe('abc=123');
    expect(headersOf(post).Authorization).toBeUndefined();
  });

  it('turns the error envelope into an ApiError with the service’s message', async () => {
    mockFetch(() => json({ statusCode: 422, message: 'maxAltitude must be 5 to 400 ft AGL', details: { path: 'maxAltitude' } }, 422));
    const e = await request('/v1/thing', Ok).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 422, kind: 'http', message: 'maxAltitude must be 5 to 400 ft AGL', details: { path: 'maxAltitude' } });
  });

  it('describes an answer that is not the envelope by its status', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(requestVoid('/v1/thing')).rejects.toMatchObject({ status: 502, message: 'The service answered 502 Bad Gateway.' });
  });

  it('refuses a reply that does not match the contract', async () => {
    mockFetch(() => json({ ok: 'yes' }));
    await expect(request('/v1/thing', Ok)).rejects.toMatchObject({ kind: 'contract', message: expect.stringContaining('ok:') });
  });
});

describe('api client, the production portal', () => {
  it('takes this deployment’s answer as it is, without loading the schema', async () => {
    vi.stubEnv('PROD', true);
    mockFetch(() => json({ ok: true }));
    const load = vi.fn(Ok);
    await expect(request('/v1/thing', load)).resolves.toEqual({ ok: true });
    expect(load).not.toHaveBeenCalled();
  });

  it('still refuses another deployment’s answer that does not match the contract', async () => {
    vi.stubEnv('PROD', true);
    updateSettings({ remote: { baseUrl: 'https://sandbox.example.com', clientId: 'client-1' } }, 's3cret');
    mockFetch((path) => (path === '/v1/oauth/token' ? json(TOKEN) : json({ ok: 'yes' })));
    await expect(request('/v1/a', Ok)).rejects.toMatchObject({ kind: 'contract' });
  });
});

describe('schemaFrom', () => {
  it('loads the named schema of a contract module, and only when asked', async () => {
    const load = vi.fn(() => import('../../server/contract/profile'));
    const loader = schemaFrom(load, 'PilotProfileSchema');
    expect(load).not.toHaveBeenCalled();
    const { PilotProfileSchema } = await import('../../server/contract/profile');
    expect(await loader()).toBe(PilotProfileSchema);
    // A name the module does not export as a schema does not compile.
    // @ts-expect-error not an export of the profile contract
    schemaFrom(load, 'NoSuchSchema');
  });
});

describe('api client, another deployment', () => {
  it('gets a bearer token once, keeps it in memory only, and sends it instead of cookies', async () => {
    updateSettings({ remote: { baseUrl: 'https://sandbox.example.com/', clientId: 'client-1' } }, 's3cret');
    const api = mockFetch((path) => (path === '/v1/oauth/token' ? json(TOKEN) : json({ ok: true })));
    await request('/v1/a', Ok);
    await request('/v1/b', Ok, { method: 'POST', body: {} });
    expect(api.callsTo('/v1/oauth/token')).toHaveLength(1);
    const [url, tokenInit] = api.callsTo('/v1/oauth/token')[0]!;
    expect(String(url)).toBe('https://sandbox.example.com/v1/oauth/token');
    expect(JSON.parse(String(tokenInit?.body))).toEqual({ grant_type: 'client_credentials', client_id: 'client-1', client_secret: 's3cret' });
    const [, b] = api.callsTo('/v1/b')[0]!;
    expect(headersOf(b).Authorization).toBe('Bearer tok-1');
    expect(b?.credentials).toBe('omit');
    const stored = JSON.stringify({ ...localStorage });
    expect(stored).not.toContain('tok-1');
    expect(stored).not.toContain('s3cret');
  });

  it('asks for a new token once when the service refuses the old one', async () => {
    updateSettings({ remote: { baseUrl: 'https://sandbox.example.com', clientId: 'client-1' } }, 's3cret');
    let calls = 0;
    const api = mockFetch((path) => {
      if (path === '/v1/oauth/token') return json(TOKEN);
      calls += 1;
      return calls === 1 ? json({ statusCode: 401, message: 'expired' }, 401) : json({ ok: true });
    });
    await expect(request('/v1/a', Ok)).resolves.toEqual({ ok: true });
    expect(api.callsTo('/v1/oauth/token')).toHaveLength(2);
  });

  it('explains a missing secret without calling the service', async () => {
    updateSettings({ remote: { baseUrl: 'https://sandbox.example.com', clientId: 'client-1' } }, '');
    const api = mockFetch(() => json({ ok: true }));
    await expect(request('/v1/a', Ok)).rejects.toMatchObject({ status: 401, message: expect.stringContaining('client secret') });
    expect(api.fn).not.toHaveBeenCalled();
  });
});
