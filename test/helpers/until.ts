/**
 * The one poll-for-a-condition helper of the tests and benchmarks: calls `probe` every `everyMs` until it gives a
 * value (anything but `undefined` or `false`), or throws after `timeoutMs` naming `what` was awaited.
 */
export async function until<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 5_000,
  what = 'condition',
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
