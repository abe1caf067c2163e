// Helpers for the packages' tests.

/**
 * The one line a user would see for the InputError `fn` throws (its `format()`: file, line and
 * column first where it has them), or 'no error'. Anything else thrown is rethrown: a test that
 * expects a user's error must not pass on a crash.
 * @param {() => unknown} fn
 * @returns {string}
 */
export function errorOf(fn) {
  try {
    fn();
  } catch (error) {
    if (typeof error?.format !== 'function') throw error;
    return error.format();
  }
  return 'no error';
}
