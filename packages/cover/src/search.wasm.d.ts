// The bytes of dist/search.wasm, compiled by kit-build from assembly/search.ts.
declare const bytes: Uint8Array<ArrayBuffer>;
export default bytes;
