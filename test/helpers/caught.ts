/**
 * What a promise rejected with, for assertions on its fields; with `type`, it must be an instance of it (anything
 * else is rethrown), and a promise that resolves fails the test.
 */
export async function caught<E = unknown>(
  promise: Promise<unknown>,
  type?: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (!type || error instanceof type) return error as E;
    throw error;
  }
  throw new Error(`expected a rejection${type ? ` with a ${type.name}` : ''}`);
}
