/** Every character the subset keeps (src/app/fonts/subset.json), as one string. */
export function subsetCharacters(): string;
/** Each font's committed path and the bytes the script makes for it now. */
export function subsetFonts(): Promise<{ path: string; bytes: Uint8Array }[]>;
