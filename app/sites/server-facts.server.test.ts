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

describe("the complexes sent to the render process", () => {
  it("sends a complex whole once, then by id until its data changes, and serves what was sent", () => {
    const [a, b] = loadSites();
    resetSites([a!, b!]);
    const sent = new WeakSet<object>();
    const first = sitesForServer.snapshot(sent);
    expect(first.sites.map((s) => s.id)).toEqual([a!.id, b!.id]);
    const again = sitesForServer.snapshot(sent);
    expect(again.ids).toEqual([a!.id, b!.id]);
    expect(again.sites).toEqual([]);

    const renamed = { ...b!, identity: { ...b!.identity, name: "바뀐 이름 단지" } };
    resetSites([a!, renamed]);
    const changed = sitesForServer.snapshot(sent);
    expect(changed.sites.map((s) => s.identity.name)).toEqual(["바뀐 이름 단지"]);

    // The render process's side (a structured clone, as the IPC channel delivers it).
    resetSites([]);
    sitesForServer.receive(structuredClone(first))();
    const use = sitesForServer.receive(structuredClone(changed));
    resetSites([]);
    use();
    expect(sitesForServer.facts(b!.id).siteName).toBe("바뀐 이름 단지");
    expect(sitesForServer.facts(a!.id).siteName).toBe(a!.identity.name);
    // A complex the process never had is an error of the render, not another complex's pages.
    expect(() => sitesForServer.receive({ ids: ["nowhere"], sites: [], states: [] })).toThrow(
      "렌더 프로세스에 없는 단지입니다: nowhere",
    );
  });
});
