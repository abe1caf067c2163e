// WebAssembly compiled lazily, once per thread, for every kernel that instantiates a module of its own.

/**
 * A function that compiles `bytes` on its first call and returns the same module after; null where
 * this host cannot compile it (no WebAssembly, or a page whose Content-Security-Policy lacks
 * 'wasm-unsafe-eval'), so the caller runs its JavaScript path instead.
 */
export function compileOnce(bytes: BufferSource): () => WebAssembly.Module | null {
  let compiled: WebAssembly.Module | null | undefined;
  return () => {
    if (compiled === undefined) {
      try {
        compiled = new WebAssembly.Module(bytes);
      } catch {
        compiled = null;
      }
    }
    return compiled;
  };
}
