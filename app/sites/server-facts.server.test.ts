import { afterAll, describe, expect, it } from "vitest";
import type { Site } from "~/content/schema";
import { loadSites, resetSites } from "./registry.server";
import { sitesForServer } from "./server-facts.server";

/*
 * Each complex's security policy names its own tour hosts only: complex A's VR vendor is framed on
 * A's pages, never on B's; a complex with a 360° tour of its own allows blob: pictures (Pannellum).
 */

afterAll(() => resetSites());

/** A complex whose first VR tab is a vendor's tour at `src`, the others its own tours or none. */
function withVendor(site: Site, src: string, ownTours: boolean): Site {
  const tabs = site.vr.tabs.map((tab, i) => {
    const { tour, ...rest } = tab;
    if (i === 0) return { ...rest, src };
    return ownTours ? { ...rest, tour } : rest;
  });
  return { ...site, vr: { ...site.vr, tabs } };
}

describe("the tour hosts in each complex's policy", () => {
  it("names A's vendor on A only, and blob: where a complex hosts its own tour", () => {
    const [a, b] = loadSites();
    resetSites([
      withVendor(a!, "https://vr-a.example.com/tour/tour.html", false),
      withVendor(b!, "https://vr-b.example.com/tour.html", true),
    ]);
    const policyA = sitesForServer.facts(a!.id).policy;
    const policyB = sitesForServer.facts(b!.id).policy;
    expect(policyA.frames).toContain("https://vr-a.example.com");
    expect(policyA.frames).not.toContain("https://vr-b.example.com");
    expect(policyB.frames).toContain("https://vr-b.example.com");
    expect(policyB.frames).not.toContain("https://vr-a.example.com");
    expect(policyA.images).not.toContain("blob:");
    expect(policyB.images).toContain("blob:");
  });
});
