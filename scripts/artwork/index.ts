/**
 * Every drawing generated from a complex's content, and a command that writes them under
 * assets/images/ for the current content: npx tsx scripts/artwork/index.ts
 * The generators are pure functions of the content passed in (none reads content by itself), so
 * they can run once per complex.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Artwork, Content } from "../../app/content/schema";
import { drawBanners } from "./banners";
import { drawFloorPlans } from "./floor-plans";
import { homeArtwork } from "./home-art";
import { drawInteriors } from "./interiors";
import { drawLocationMap } from "./location-map";
import { drawSitePlan } from "./site-plan";
import { drawUnitPositionsFile } from "./unit-positions";
import type { ArtworkFile } from "./svg";

export type { ArtworkFile } from "./svg";

/** All drawings of one complex; `artwork` stands in for `content.artwork` when content has none. */
export function generateArtwork(
  content: Content,
  artwork: Artwork | undefined = content.artwork,
): ArtworkFile[] {
  return [
    ...drawBanners(content),
    ...drawInteriors(content),
    ...drawLocationMap(content, artwork),
    ...drawSitePlan(content, artwork),
    ...drawUnitPositionsFile(content),
    ...drawFloorPlans(content),
    ...homeArtwork(content),
  ];
}

// `tsx scripts/artwork/index.ts [id]`: draws a complex's artwork (the default complex's into the
// shared assets/images/, another's into its own sites/<id>/images/, where it overrides the shared),
// to be looked at and committed. The home page's views are not among them: every build draws those
// from each complex's data (scripts/build-images.ts).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { defaultSite, siteById } = await import("../../app/sites/registry.server");
  const { sitesRoot } = await import("../../app/sites/folders.server");
  const id = process.argv[2];
  const content = id ? siteById(id) : defaultSite();
  if (!content) throw new Error(`없는 단지입니다: ${id}`);
  const dir =
    content.id === defaultSite().id ? "assets/images" : join(sitesRoot(), content.id, "images");
  let written = 0;
  const everyBuild = new Set(homeArtwork(content).map((a) => a.path));
  for (const { path, svg } of generateArtwork(content)) {
    if (everyBuild.has(path)) continue;
    const file = join(dir, path);
    if (existsSync(file) && readFileSync(file, "utf8") === svg) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, svg);
    console.log(`${file}: ${(svg.length / 1024).toFixed(0)} KB`);
    written++;
  }
  console.log(`artwork: ${written} files written`);
}
