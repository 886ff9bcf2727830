import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { tourSchema } from "../../app/content/schema";
import { loadSites, shownSite } from "../../app/sites/registry.server";
import { drawPanoramas, panoramaTour } from "./panorama";

/* The sample tours drawn from the floor plans: what the content names exists, and stays the same. */

describe("sample panoramas", () => {
  const sites = loadSites().map(shownSite);

  it("every sample unit type's tour is the generator's: two rooms, hotspots both ways", () => {
    for (const site of sites)
      for (const tab of site.vr.tabs) {
        const unit = site.unitTypes.find((u) => u.key === tab.key)!;
        const tour = panoramaTour(site.id, unit);
        expect(tourSchema.safeParse(tour).success).toBe(true);
        expect(tab.tour).toEqual(tour);
        const [a, b] = tour.rooms;
        expect(a!.hotspots.map((h) => h.target)).toEqual([b!.key]);
        expect(b!.hotspots.map((h) => h.target)).toEqual([a!.key]);
      }
  });

  it("draws each named room at 512 and 2048 px, 2:1, the same bytes every time", async () => {
    const site = sites[0]!;
    const one = { ...site, vr: { ...site.vr, tabs: site.vr.tabs.slice(0, 1) } };
    const files = await drawPanoramas(one);
    const key = one.vr.tabs[0]!.key.toLowerCase();
    expect(files.map((f) => f.path)).toEqual([
      `pano/${key}-living-512.jpg`,
      `pano/${key}-living-2048.jpg`,
      `pano/${key}-bedroom-512.jpg`,
      `pano/${key}-bedroom-2048.jpg`,
    ]);
    const meta = await sharp(files[1]!.bytes).metadata();
    expect([meta.width, meta.height, meta.isProgressive]).toEqual([2048, 1024, true]);
    const again = await drawPanoramas(one);
    expect(again.map((f) => f.bytes.equals(files[again.indexOf(f)]!.bytes))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
