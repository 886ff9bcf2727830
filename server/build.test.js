import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BuildError, serverEntry } from "./build.js";

const complete = {
  startServices: async () => ({ stop: async () => {} }),
  followStore: () => ({ first: async () => {}, start: () => {}, stop: async () => {} }),
  sitesForServer: { ids: () => [] },
  renderedPress: { match: () => null },
  storedPages: { get: async () => undefined },
  adminSessionOf: async () => null,
  withRequestFiles: (work) => work(),
};

describe("the server build's entry", () => {
  it("is handed on when every export the server takes is there", () => {
    expect(serverEntry(complete)).toBe(complete);
  });

  it.each(Object.keys(complete))("stops the start, naming %s, when it is missing", (name) => {
    const rest = Object.fromEntries(Object.entries(complete).filter(([key]) => key !== name));
    expect(() => serverEntry(rest)).toThrow(BuildError);
    expect(() => serverEntry(rest)).toThrow(name);
  });

  it("stops the start when an export is not what the server calls", () => {
    expect(() => serverEntry({ ...complete, startServices: {} })).toThrow("startServices");
  });
});

describe("the server's modules", () => {
  it("are all type-checked by npm run typecheck (// @ts-check)", () => {
    const modules = readdirSync(new URL(".", import.meta.url)).filter(
      (f) => f.endsWith(".js") && !f.endsWith(".test.js"),
    );
    const unchecked = modules.filter(
      (f) => !readFileSync(new URL(f, import.meta.url), "utf8").startsWith("// @ts-check\n"),
    );
    expect(modules.length).toBeGreaterThan(10);
    expect(unchecked).toEqual([]);
  });
});
