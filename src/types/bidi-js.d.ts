/** The part of bidi-js (the Unicode bidirectional algorithm) the PDFs use; the package ships no types. */
declare module 'bidi-js' {
  export type EmbeddingLevels = {
    /** Per UTF-16 code unit: odd is right to left. */
    levels: Uint8Array;
    paragraphs: { start: number; end: number; level: number }[];
  };
  export type Bidi = {
    getEmbeddingLevels(text: string, direction?: 'ltr' | 'rtl'): EmbeddingLevels;
    /** Takes the levels array (not the whole result, whatever its README says). */
    getMirroredCharactersMap(text: string, levels: Uint8Array): Map<number, string>;
  };
  export default function bidiFactory(): Bidi;
}
