/**
 * What a plugin said (src/publisher/phrase.ts), in English, for tests that read its checks and reachability
 * lines as text: every phrase inside `value` (an object with `key` and maybe `params`, nothing else) becomes its
 * English sentence; the rest is copied as it is.
 */
import { english } from '../../src/publisher/phrase.js';

function isPhrase(value: object): value is { key: string } {
  const keys = Object.keys(value);
  return (
    typeof (value as { key?: unknown }).key === 'string' && keys.every((k) => k === 'key' || k === 'params')
  );
}

type English<T> = T extends { key: string; params?: unknown }
  ? string
  : T extends readonly (infer U)[]
    ? English<U>[]
    : T extends object
      ? { [K in keyof T]: English<T[K]> }
      : T;

export function inEnglish<T>(value: T): English<T> {
  if (Array.isArray(value)) return value.map((v: unknown) => inEnglish(v)) as English<T>;
  if (value === null || typeof value !== 'object') return value as English<T>;
  if (isPhrase(value)) return english(value) as English<T>;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inEnglish(v)])) as English<T>;
}
