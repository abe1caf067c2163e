/** What the global setup packs and installs once, shared by every integration test file. */
export interface PackedPackage {
  name: string;
  version: string;
  /** Relative to the repository root. */
  path: string;
  tarball: string;
  isPlugin: boolean;
  /** true for the repository's public packages; false for example plugins packed as a third party's. */
  isPublic: boolean;
}

export interface KitSetup {
  /** A fresh npm project with every packed package (and typescript, @types/node) installed. */
  consumerDir: string;
  /** Scratch space for tests; removed afterwards. */
  scratchDir: string;
  packages: PackedPackage[];
  /** Seconds spent packing and installing. */
  setupSeconds: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    kit: KitSetup;
  }
}
