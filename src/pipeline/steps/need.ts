/** What an earlier step of the same run handed on; its absence is a wiring mistake in processor.ts. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`pipeline: ${what} is missing (a step runs out of order)`);
  return value;
}
