import type { Artwork } from "../../app/content/schema";

/**
 * The artwork facts of the sample complex (라움하임 평촌 센트럴, Anyang), kept apart from the
 * generators until content moves to one file per complex; then this becomes that file's `artwork`.
 */
export const anyangArtwork: Artwork = {
  wordmark: "RAUMHEIM",
};
