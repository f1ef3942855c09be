// Types of the two functions wawoff2 (a WebAssembly build of Google's woff2) exports; it ships none of its own.
declare module 'wawoff2' {
  /** A TrueType/OpenType file as WOFF2. */
  export function compress(sfnt: Uint8Array): Promise<Uint8Array>;
  /** A WOFF2 file back to TrueType/OpenType. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
