import { getDraft } from "./content-store.server";
import { leftoversOf, markLeftovers } from "./copy-source.server";

/**
 * For tests of a copy that are not about its leftovers: every field still holding the source's
 * identity marked 그대로 두기, as an editor would tick them all, so that 게시 is not refused for
 * them (the check itself: copy-source.server.test.ts, routes/admin/console/leftovers.test.tsx).
 */
export async function keepEveryLeftover(siteId: string) {
  const content = (await getDraft(siteId))!.content;
  const open = (await leftoversOf(siteId, content))?.open ?? [];
  await markLeftovers(siteId, content, { keep: open.map((l) => l.path), ask: [] });
}
