import { afterAll, beforeAll, expect } from "vitest";
import { poll } from "./support/admin";
import { rawRequest } from "./support/http";
import { startServer, type RunningServer } from "./support/server";
import { testOnce } from "./support/sites";

/*
 * Pages in bounded memory (issue 43 item 3, server/page-cache.js): only the default complex's pages
 * are held from start-up; another complex's are loaded on its first visit, once however many ask
 * at once, and beyond PAGE_CACHE_MB the least recently visited complex's are let go. A 1 MB bound
 * holds one sample complex's pages at a time.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ PAGE_CACHE_MB: "1" });
});
afterAll(() => server?.stop());

const held = (id: string) => server.output().split(`pages: ${id} held`).length - 1;

testOnce(
  "a complex's pages are held from its first visit, loaded once for twenty at once, and the least recent let go beyond PAGE_CACHE_MB",
  async () => {
    // Start-up held the default complex's only.
    expect(held("anyang") + held("suwon")).toBe(0);
    const home = await rawRequest(server, { path: "/" });
    expect(home.status).toBe(200);
    expect(home.body).toContain("라움하임 평촌 센트럴");

    // Twenty visitors of the other complex at once: one load, every answer its own page.
    const suwon = { Host: `suwon.localhost:${server.port}` };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        rawRequest(server, { path: "/Brand/intro", headers: suwon }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("아벨루스 광교 레이크파크");
      expect(answer.body).not.toContain("라움하임");
    }
    expect(held("suwon")).toBe(1);
    // Both do not fit in 1 MB: the default complex's were let go…
    expect(server.output()).toContain("pages: anyang let go");
    // …and are loaded again on its next visit, the other's let go in turn.
    const again = await rawRequest(server, { path: "/Brand/intro" });
    expect(again.status).toBe(200);
    expect(again.body).toContain("라움하임 평촌 센트럴");
    await poll(() => server.output()).toContain("pages: suwon let go");
    expect(held("anyang")).toBe(1);
  },
);
