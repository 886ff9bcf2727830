import { createHash } from "node:crypto";
import { sectionValue, type ConsoleGroup } from "~/console/content-sections";

/*
 * What a section's page was based on (docs/decisions/044-editor-sections.md): a short hash of the
 * section's part of the draft the page loaded or last saved, sent back with each save (a hidden
 * field, with or without the script). A save based on an older revision goes through when the
 * newest draft's part of that section still hashes the same (the other editor changed another
 * section only), and is refused when it does not.
 */
export function sectionHash(content: unknown, group: ConsoleGroup): string {
  return createHash("sha256")
    .update(JSON.stringify(sectionValue(content, group)))
    .digest("base64url")
    .slice(0, 22);
}
