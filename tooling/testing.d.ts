/**
 * The one line a user would see for the InputError `fn` throws (its `format()`: file, line and
 * column first where it has them), or 'no error'. Anything else thrown is rethrown.
 */
export declare function errorOf(fn: () => unknown): string;
