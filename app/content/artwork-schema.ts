import { z } from "zod";

const text = z.string().trim().min(1);

/**
 * What the artwork generators (scripts/artwork/) need about a complex that the rest of its content
 * does not say. Optional in content: a complex without it gets no drawing that needs it.
 */
export const artworkSchema = z.object({
  /** The brand in Latin letters, set above the complex name on the social preview image. */
  wordmark: text.optional(),
});

export type Artwork = z.infer<typeof artworkSchema>;
