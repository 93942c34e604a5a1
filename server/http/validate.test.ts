/** NUL characters are refused before the store, naming the field. */
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { nulField, rejectNul } from './validate';

describe('nulField', () => {
  it('finds a NUL in values and keys at any depth, and names the field', () => {
    expect(nulField({ name: 'ok', nested: [{ a: 'b' }, { c: 'x\u0000y' }] }, 'body')).toBe('body.nested.1.c');
    expect(nulField({ ['k\u0000']: 1 }, 'body')).toBe('body.k\\u0000');
    expect(nulField({ q: '\u0000' }, 'query')).toBe('query.q');
    expect(nulField({ a: 1, b: null, c: [true, 'fine'] }, 'body')).toBeNull();
  });

  it('throws the given status with the field in the message and the details', () => {
    try {
      rejectNul({ client_id: 'a\u0000' }, 'body', 400);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(400);
      expect((e as ApiError).message).toMatch(/^body\.client_id: /);
      expect((e as ApiError).details).toEqual([expect.objectContaining({ field: 'body.client_id', rule: 'no_nul_character' })]);
    }
  });
});
