// `instanceof` that holds across copies of @kit/core. Each of its entry points is one bundled file
// (a module costs about 0.8 ms to load under require(), so one file beats a file and its shared
// chunks), so a process that loads two entries holds two copies of a class such as AbortedError.
// A class marked here answers `instanceof` for an instance made by either copy; its subclasses keep
// the usual rule.

/** Marks `cls`: instances of any copy of the class named `name` pass `instanceof cls`. */
export function shareInstanceof(cls: abstract new (...args: never[]) => object, name: string): void {
  const brand = Symbol.for(`@kit/core ${name}`);
  Object.defineProperty(cls.prototype, brand, { value: true });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: unknown, value: unknown): boolean {
      if (this !== cls) return Function.prototype[Symbol.hasInstance].call(this, value);
      return typeof value === 'object' && value !== null && brand in value;
    },
  });
}
