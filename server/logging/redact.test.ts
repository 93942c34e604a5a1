import { describe, expect, it } from 'vitest';
import { createJsonLogger } from './logger';
import { REDACTED, redact, redactUrl } from './redact';

const prod = { stackTraces: false };
const dev = { stackTraces: true };

function capture(o = prod) {
  const lines: string[] = [];
  const log = createJsonLogger(o, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return { log, lines };
}

describe('redactUrl', () => {
  it('replaces userinfo, every query value and token-like path segments; keeps host and readable path', () => {
    expect(redactUrl('https://hooks.example.com/cb?client=abc&apiKey=s3cr3t-VALUE')).toBe(`https://hooks.example.com/cb?client=${REDACTED}&apiKey=${REDACTED}`);
    expect(redactUrl('https://user:pa55@hooks.example.com:8443/x')).toBe(`https://${REDACTED}@hooks.example.com:8443/x`);
    expect(redactUrl('https://hooks.slack.example/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX1')).toBe(`https://hooks.slack.example/services/T00000000/B00000000/${REDACTED}`);
    expect(redactUrl('http://h.example/a#token=abc')).toBe('http://h.example/a');
    expect(redactUrl('http://[::1]:9/cb?sig=1')).toBe(`http://[::1]:9/cb?sig=${REDACTED}`);
    expect(redactUrl('not a url ?token=abc')).toBe(`not a url ?${REDACTED}`);
  });
});

describe('the JSON logger', () => {
  it('redacts callback URLs with credentials wherever they appear in a line', () => {
    const { log, lines } = capture();
    log.warn('callback delivery failed', { url: 'https://a:b@hooks.example.com/cb?apiKey=K3Y&token=T0K', error: 'connect ECONNREFUSED https://hooks.example.com/cb?signature=abcdef' });
    log.info('posting to https://hooks.example.com/cb?secret=xyz', { nested: { deeper: ['http://x.example/?key=1'] } });
    const all = lines.join('\n');
    for (const secret of ['K3Y', 'T0K', 'abcdef', 'xyz', 'key=1', 'a:b@']) expect(all).not.toContain(secret);
    expect(all).toContain('hooks.example.com/cb');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', msg: 'callback delivery failed' });
  });

  it('redacts fields whose name says secret and bearer tokens in text', () => {
    const { log, lines } = capture();
    log.error('x', { callbackSecret: 'cs-123', password: 'pw', headers: { authorization: 'Bearer abcdefghijkl' }, note: 'sent Bearer abcdefghijklmnop' });
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line.callbackSecret).toBe(REDACTED);
    expect(line.password).toBe(REDACTED);
    expect(JSON.stringify(line)).not.toMatch(/abcdefghijkl/);
  });

  it('writes no stack trace in production, keeps it in development', () => {
    const err = new Error('boom');
    const p = capture(prod);
    p.log.error('unhandled error', { error: String(err.stack), err });
    expect(p.lines[0]).not.toMatch(/\s+at\s/);
    expect(p.lines[0]).toContain('boom');
    const d = capture(dev);
    d.log.error('unhandled error', { error: String(err.stack) });
    expect(d.lines[0]).toMatch(/\\n\s+at\s/);
  });

  it('stops at a bounded depth and copies dates and arrays', () => {
    let deep: Record<string, unknown> = { v: 1 };
    for (let i = 0; i < 50; i++) deep = { d: deep };
    expect(JSON.stringify(redact(deep, prod))).toContain('[…]');
    expect(redact({ at: new Date(0), list: [1, 'x'] }, prod)).toEqual({ at: '1970-01-01T00:00:00.000Z', list: [1, 'x'] });
  });
});
