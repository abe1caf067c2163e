// The bytes of dist/sim.wasm, compiled by kit-build from assembly/sim.ts.
declare const bytes: Uint8Array<ArrayBuffer>;
export default bytes;
