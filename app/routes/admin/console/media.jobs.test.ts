import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { enqueueJob } from "~/jobs/jobs.server";
import { loader } from "./media.jobs";

/*
 * GET /admin/media/jobs: what the console's file slot asks while its file's job goes on (a
 * notice's pages being drawn): the jobs of the files named, to an administrator of the complex's
 * content only.
 */

const ask = (query: string, cookie?: string) =>
  loader({
    request: new Request(`http://anyang.localhost/admin/media/jobs?${query}`, {
      headers: cookie ? { cookie } : {},
    }),
    context: {},
    params: {},
  } as unknown as Parameters<typeof loader>[0]);

describe.each(engines())("the media jobs' state ($name)", (engine) => {
  useTestDb(engine);

  it("answers the jobs of the files named, leaving out files without one", async () => {
    await enqueueJob({
      kind: "notice-pages",
      subject: "media/0123456789abcdef.pdf",
      siteId: "anyang",
      input: {},
      total: 40,
    });
    await upsertAdmin("anyang@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    const cookie = await cookieOf("anyang@example.com", "anyang");
    const res = await ask("src=media/0123456789abcdef.pdf&src=media/ffffffffffffffff.pdf", cookie);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    expect(await res.json()).toEqual({
      jobs: {
        "media/0123456789abcdef.pdf": {
          kind: "notice-pages",
          subject: "media/0123456789abcdef.pdf",
          status: "pending",
          done: 0,
          total: 40,
          error: null,
        },
      },
    });
  });

  it("to nobody else: signed out, or a consultant (상담원)", async () => {
    await upsertAdmin("desk@example.com", TEST_PASSWORD, { sites: ["anyang"], role: "consultant" });
    const consultant = await cookieOf("desk@example.com", "anyang");
    expect(await thrownStatus(() => ask("src=media/0123456789abcdef.pdf", consultant))).toBe(404);
    expect(await thrownStatus(() => ask("src=media/0123456789abcdef.pdf"))).toBeGreaterThanOrEqual(
      300,
    );
  });
});
