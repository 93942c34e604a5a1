/** Callback addresses: refused with spaces, control characters or a fragment; stored normalised (issue 29). */
import { describe, expect, it } from 'vitest';
import { CallbackUrlSchema } from './operations';

describe('CallbackUrlSchema', () => {
  it.each([
    ['a raw CR/LF', 'https://hooks.example.com/a\r\nX-Injected: 1'],
    ['a space', 'https://hooks.example.com/a b'],
    ['a leading space', ' https://hooks.example.com/a'],
    ['a tab', 'https://hooks.example.com/\ta'],
    ['a NUL', 'https://hooks.example.com/a\u0000'],
    ['a DEL', 'https://hooks.example.com/a\u007f'],
    ['a no-break space', 'https://hooks.example.com/a\u00a0b'],
    ['a fragment', 'https://hooks.example.com/a#frag'],
    ['an empty fragment', 'https://hooks.example.com/a#'],
  ])('refuses %s', (_what, url) => {
    const r = CallbackUrlSchema.safeParse(url);
    expect(r.success).toBe(false);
  });

  it('stores the address normalised (host case, default port, percent-encoding)', () => {
    expect(CallbackUrlSchema.parse('HTTPS://Hooks.Example.COM:443/Path?q=1')).toBe('https://hooks.example.com/Path?q=1');
    expect(CallbackUrlSchema.parse('http://hooks.example.com')).toBe('http://hooks.example.com/');
    expect(CallbackUrlSchema.parse('https://hooks.example.com/é')).toBe('https://hooks.example.com/%C3%A9');
  });

  it('names the rule in its message', () => {
    const r = CallbackUrlSchema.safeParse('https://x.example/a b');
    expect(r.success ? '' : r.error.issues[0]!.message).toMatch(/spaces or control characters/);
  });
});
