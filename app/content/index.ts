import type { Content } from "./schema";
import { site } from "./site";

export type * from "./schema";

/**
 * The content of this complex. It is validated at build time (validate.ts, called from
 * react-router.config.ts and the image pipeline) and by a unit test; validation also checks that
 * the schema changes nothing in the data, so this typed view of it is exact. Keeping the zod schema
 * out of this module keeps it out of the browser's bundle.
 */
export const content: Content = site as unknown as Content;
