import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { contentSchema, type Content } from "./schema";
import { site } from "./site";

/**
 * Validates content against the schema and stops with a readable Korean message when it is
 * invalid. The data must already be in its final form (trimmed text, no defaults to fill in),
 * because the site uses it as written.
 */
export function validateContent(input: unknown = site): Content {
  const result = contentSchema.safeParse(input);
  if (!result.success) {
    throw new Error(
      `콘텐츠(app/content/site.ts)가 올바르지 않습니다:\n${z.prettifyError(result.error)}`,
    );
  }
  if (
    !isDeepStrictEqual(JSON.parse(JSON.stringify(result.data)), JSON.parse(JSON.stringify(input)))
  ) {
    throw new Error(
      "콘텐츠(app/content/site.ts)에 스키마가 바꾸는 값이 있습니다 (앞뒤 공백 등). 값을 정리해 주세요.",
    );
  }
  return result.data;
}
