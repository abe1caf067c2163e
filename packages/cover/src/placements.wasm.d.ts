// The bytes of dist/placements.wasm, compiled by kit-build from assembly/placements.ts.
declare const bytes: Uint8Array<ArrayBuffer>;
export default bytes;
