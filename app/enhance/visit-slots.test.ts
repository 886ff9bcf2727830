import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAvailability, placeChildren, slotNote } from "./visit-slots";

describe("the live slot picker's reading of /api/visit-slots", () => {
  it("accepts the availability's shape and nothing else", () => {
    const day = { date: "2026-11-24", slots: [{ time: "10:00", left: 3, state: "open" }] };
    expect(isAvailability({ days: [day] })).toBe(true);
    expect(isAvailability({ days: [] })).toBe(true);
    expect(isAvailability(null)).toBe(false);
    expect(isAvailability({ days: "x" })).toBe(false);
    expect(isAvailability({ days: [{ date: "2026-11-24" }] })).toBe(false);
    expect(isAvailability({ days: [{ date: "2026-11-24", slots: [{}] }] })).toBe(false);
  });

  it("says under each time what is left", () => {
    expect(slotNote({ time: "10:00", left: 2, state: "open" })).toBe("잔여 2");
    expect(slotNote({ time: "10:00", left: 0, state: "full" })).toBe("마감");
    expect(slotNote({ time: "10:00", left: 5, state: "past" })).toBe("지남");
  });
});

/** A stand-in for an element and its children that records every child taken out. */
class FakeParent {
  children: FakeNode[] = [];
  takenOut: string[] = [];
  get firstChild() {
    return this.children[0] ?? null;
  }
  removeChild(child: FakeNode) {
    this.children.splice(this.children.indexOf(child), 1);
    child.parent = null;
    this.takenOut.push(child.key);
  }
  insertBefore(node: FakeNode, before: FakeNode | null) {
    if (node.parent) node.parent.removeChild(node);
    this.children.splice(before ? this.children.indexOf(before) : this.children.length, 0, node);
    node.parent = this;
  }
}

class FakeNode {
  parent: FakeParent | null = null;
  constructor(readonly key: string) {}
  get nextSibling(): FakeNode | null {
    const siblings = this.parent?.children ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
}

/** The picker's case: days (or times) in order, some gone and some new, the rest kept. */
function place(before: string[], after: string[]) {
  const parent = new FakeParent();
  const nodes = new Map(before.map((k) => [k, new FakeNode(k)]));
  for (const node of nodes.values()) parent.insertBefore(node, null);
  parent.takenOut = [];
  placeChildren(
    parent,
    after.map((k) => nodes.get(k) ?? new FakeNode(k)),
  );
  return { keys: parent.children.map((c) => c.key), takenOut: parent.takenOut };
}

describe("placeChildren: the live choice changed in place", () => {
  it("drops the days gone, adds the new ones and never takes out a day that stays", () => {
    const { keys, takenOut } = place(["11-24", "11-25", "11-26"], ["11-25", "11-26", "11-27"]);
    expect(keys).toEqual(["11-25", "11-26", "11-27"]);
    expect(takenOut).toEqual(["11-24"]);
  });

  it("for any two ordered lists: the children end as asked, and none in both is taken out", () => {
    const keys = fc
      .uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 16 })
      .map((a) => a.sort((x, y) => x - y).map((n) => String(n).padStart(2, "0")));
    fc.assert(
      fc.property(keys, keys, (before, after) => {
        const placed = place(before, after);
        expect(placed.keys).toEqual(after);
        expect(placed.takenOut.filter((k) => after.includes(k))).toEqual([]);
      }),
    );
  });
});
