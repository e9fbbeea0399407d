/**
 * The few assertions the tests need. `@std/assert` lives on JSR, which this project cannot reach, so these
 * wrap `node:assert` (shipped with Deno) with the familiar names.
 */
import assert from "node:assert/strict";

export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  assert.deepStrictEqual(actual, expected, message);
}

export function assertNotEquals<T>(actual: T, expected: T, message?: string): void {
  assert.notDeepStrictEqual(actual, expected, message);
}

export function assert_(condition: unknown, message?: string): asserts condition {
  assert.ok(condition, message);
}
export { assert_ as assert };

export function assertMatch(actual: string, pattern: RegExp, message?: string): void {
  assert.match(actual, pattern, message);
}

export function assertStringIncludes(actual: string, expected: string, message?: string): void {
  if (!actual.includes(expected)) {
    throw new assert.AssertionError({
      message: message ?? `expected string to include ${JSON.stringify(expected)}:\n${actual.slice(0, 2000)}`,
    });
  }
}

// deno-lint-ignore no-explicit-any
type ErrorClass = new (...args: any[]) => Error;

export function assertThrows(fn: () => unknown, errorClass?: ErrorClass, includes?: string): Error {
  try {
    fn();
  } catch (e) {
    checkError(e, errorClass, includes);
    return e as Error;
  }
  throw new assert.AssertionError({ message: "expected the function to throw" });
}

export async function assertRejects(
  fn: () => Promise<unknown>,
  errorClass?: ErrorClass,
  includes?: string,
): Promise<Error> {
  try {
    await fn();
  } catch (e) {
    checkError(e, errorClass, includes);
    return e as Error;
  }
  throw new assert.AssertionError({ message: "expected the promise to reject" });
}

function checkError(e: unknown, errorClass?: ErrorClass, includes?: string) {
  if (errorClass && !(e instanceof errorClass)) {
    throw new assert.AssertionError({ message: `expected ${errorClass.name}, got ${String(e)}` });
  }
  if (includes && !(e instanceof Error && e.message.includes(includes))) {
    throw new assert.AssertionError({
      message: `expected message to include "${includes}", got "${String(e)}"`,
    });
  }
}
