import { z } from "zod";
import { contentSchema, type Content } from "./schema";
import { site } from "./site";

export * from "./schema";

function parseContent(input: unknown): Content {
  const result = contentSchema.safeParse(input);
  if (!result.success) {
    throw new Error(`콘텐츠(app/content/site.ts)가 올바르지 않습니다:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** The validated content of this complex. Importing it validates it, so a bad edit fails the build. */
export const content: Content = parseContent(site);

export { parseContent };
