import { describe, expect, it } from "vitest";
import { AREAS, type Area, type Role } from "~/lib/roles";
import { ALL_SITES } from "~/lib/sites";
import { areasOn, mayPostLargeBodies, mayUse, type Access } from "./access.server";

/*
 * The role rules, one table: what each role may use on its own complex, and that nothing of another
 * complex is open to an editor or a consultant.
 */

const OWN: Record<Role, Area[]> = {
  agency: ["content", "press", "leads", "channels", "accounts", "complexes"],
  editor: ["content", "press", "channels"],
  consultant: ["leads"],
};

describe("who may use what", () => {
  it.each(Object.entries(OWN) as [Role, Area[]][])(
    "%s uses exactly its areas on its complex",
    (role, areas) => {
      const admin: Access = { role, sites: role === "agency" ? ALL_SITES : ["suwon"] };
      for (const area of AREAS)
        expect(mayUse(admin, "suwon", area), area).toBe(areas.includes(area));
      expect(areasOn(admin, "suwon")).toEqual(areas);
    },
  );

  it("an agency administrator uses every area of every complex", () => {
    const agency: Access = { role: "agency", sites: ALL_SITES };
    for (const site of ["anyang", "suwon", "a-new-one"])
      expect(areasOn(agency, site)).toEqual([...AREAS]);
  });

  it("an editor or a consultant uses nothing of a complex not theirs", () => {
    for (const role of ["editor", "consultant"] as const) {
      const admin = { role, sites: ["suwon", "dongtan"] };
      expect(areasOn(admin, "anyang"), role).toEqual([]);
      expect(areasOn(admin, "dongtan"), role).toEqual(OWN[role]);
    }
  });

  it("an editor never reaches leads, accounts or complexes; a consultant never content, press or channels", () => {
    const editor = { role: "editor" as const, sites: ["suwon"] };
    const consultant = { role: "consultant" as const, sites: ["suwon"] };
    for (const area of ["leads", "accounts", "complexes"] as const)
      expect(mayUse(editor, "suwon", area), area).toBe(false);
    for (const area of ["content", "press", "channels", "accounts", "complexes"] as const)
      expect(mayUse(consultant, "suwon", area), area).toBe(false);
  });
});

describe("who may post a large body (a picture, a film, a zip, a press photo)", () => {
  it("an agency administrator and an editor, whose content and press pages take them; never a consultant, whose lead desk reads 64 KB at most", () => {
    expect(mayPostLargeBodies({ role: "agency", sites: ALL_SITES })).toBe(true);
    expect(mayPostLargeBodies({ role: "editor", sites: ["suwon"] })).toBe(true);
    expect(mayPostLargeBodies({ role: "consultant", sites: ["suwon", "anyang"] })).toBe(false);
    expect(mayPostLargeBodies({ role: "editor", sites: [] })).toBe(false);
  });

  it("exactly the roles that hold content, press or complexes somewhere", () => {
    for (const role of Object.keys(OWN) as Role[]) {
      const admin: Access = { role, sites: role === "agency" ? ALL_SITES : ["suwon"] };
      const large = (["content", "press", "complexes"] as const).some((a) =>
        mayUse(admin, "suwon", a),
      );
      expect(mayPostLargeBodies(admin), role).toBe(large);
    }
  });
});
