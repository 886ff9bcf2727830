/** subset-font ships no types; the part scripts/build-fonts.ts uses. */
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
      keepFeatures?: readonly string[];
      noLayoutClosure?: boolean;
      noHinting?: boolean;
      preserveNameIds?: readonly number[];
    },
  ): Promise<Buffer>;
}

/** fontverter (subset-font's own converter) ships no types either; what the font test uses. */
declare module "fontverter" {
  export function convert(
    font: Buffer,
    toFormat: "sfnt" | "truetype" | "woff" | "woff2",
    fromFormat?: string,
  ): Promise<Buffer>;
}
