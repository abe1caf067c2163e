// Node's built-ins for discovery, from process.getBuiltinModule (Node 20.16+, 22.3+), not ES module
// imports: importing a built-in builds a facade of all its exports, which every short run pays for
// (node:fs 2.5 ms, its `promises` getter even loads fs/promises; node:module 1.4 ms; node:path 1 ms).
export const fs = process.getBuiltinModule('node:fs');
export const path = process.getBuiltinModule('node:path');
export const url = process.getBuiltinModule('node:url');
export const nodeModule = process.getBuiltinModule('node:module');
