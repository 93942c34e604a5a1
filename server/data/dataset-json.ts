/**
 * The text of a dataset file, kept to ASCII. A JSON text with a single character above U+007F (an en dash
 * in a description, an ñ in a place name) is decoded by V8 as a two-byte string: twice the memory of the
 * 60 MB file while it is parsed, and a parse measured 35–50 % slower than the same text with those
 * characters escaped (docs/perf.md, "First answer"). Writers escape them (\uXXXX, valid JSON meaning the
 * same text); the reader decodes an ASCII file as one byte a character, and escapes the few non-ASCII runs
 * of a file written before (or by another tool) before parsing.
 */
import { isAscii } from 'node:buffer';

const NON_ASCII = /[\u0080-\uffff]/g;

const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** JSON.stringify with every character above U+007F written as \uXXXX (a pair for one above U+FFFF). */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(NON_ASCII, escape);
}

/**
 * Bytes of UTF-8 JSON as an ASCII JSON text meaning the same. Outside strings JSON is ASCII, so every
 * non-ASCII byte is inside a string, where \uXXXX stands for the character; a run of such bytes starts
 * and ends on whole UTF-8 sequences (their continuation bytes are non-ASCII too).
 */
export function asciiJsonText(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  if (isAscii(bytes)) return text;
  // Each run of non-ASCII bytes, read back as UTF-8 and escaped (a regular expression over the one-byte
  // text: a loop over the bytes in JavaScript was measured 10x slower).
  return text.replace(/[\x80-\xff]+/g, (run) => Buffer.from(run, 'latin1').toString('utf8').replace(NON_ASCII, escape));
}

/** Parses a dataset file's bytes (UTF-8 JSON) through its ASCII form. */
export function parseJsonBytes(bytes: Buffer): unknown {
  return JSON.parse(asciiJsonText(bytes));
}
