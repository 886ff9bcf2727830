import { describe, expect, it, beforeEach } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { leftoversOf } from "~/console/copy-source.server";
import { getDraft } from "~/console/content-store.server";
import { action, loader } from "./site.start";
import { loadStore } from "~/console/sync.server";
import { createComplex } from "~/console/complexes.server";

/*
 * 새 단지's 확인 step, 한꺼번에 바꾸기: a copy of 안양 still says "평촌" in some thirty fields; the
 * agency writes "동탄" once and every field still holding it (not those marked 그대로 두기) says so.
 */

type Args = { request: Request; context: object; params: Record<string, string> };
const ORIGIN = "http://localhost:4173";
const CONFIRM = `${ORIGIN}/admin/sites/dongtan/start/confirm`;
const params = { siteId: "dongtan", step: "confirm" };

async function post(cookie: string, entries: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(entries)) body.set(k, v);
  const request = new Request(CONFIRM, {
    method: "POST",
    headers: { cookie, origin: ORIGIN },
    body,
  });
  return (await action({ request, context: {}, params } as Args as never)) as
    | Response
    | { data: { errors: Record<string, string> }; init: { status: number } };
}

async function confirmPage(cookie: string) {
  const request = new Request(CONFIRM, { headers: { cookie } });
  const page = (await loader({ request, context: {}, params } as Args as never)) as {
    data: {
      summary: {
        leftovers: { open: unknown[]; terms: { value: string; what: string; fields: number }[] };
      };
    };
  };
  return page.data.summary.leftovers;
}

const open = async () => (await leftoversOf("dongtan", (await getDraft("dongtan"))!.content))!.open;

describe.each(engines())("한꺼번에 바꾸기 at 확인 ($name)", (engine) => {
  useTestDb(engine);
  let agency: string;
  beforeEach(async () => {
    setTestEnv({ SITE_URL: ORIGIN });
    await loadStore();
    await upsertAdmin("agency@example.com", TEST_PASSWORD);
    agency = await cookieOf("agency@example.com", "anyang");
    const made = await createComplex(
      { id: "dongtan", name: "힐스테이트 동탄 레이크", hosts: [], copyFrom: "anyang" },
      "agency@example.com",
    );
    expect(made.ok).toBe(true);
  });

  it("offers 평촌 with its count, writes 동탄 in every field holding it, and says how many", async () => {
    const before = await confirmPage(agency);
    const place = before.terms.find((t) => t.value === "평촌")!;
    expect(place).toMatchObject({ what: "지역 이름" });
    expect(place.fields).toBeGreaterThan(10);

    const answer = (await post(agency, {
      intent: "replace",
      from: "평촌",
      to: "동탄",
    })) as Response;
    expect(answer.status).toBe(302);
    const to = new URL(answer.headers.get("Location")!, ORIGIN);
    expect(to.hash).toBe("");
    expect(to.pathname).toBe("/admin/sites/dongtan/start/confirm");
    expect(Object.fromEntries(to.searchParams)).toEqual({
      done: "replaced",
      n: String(place.fields),
      from: "평촌",
      to: "동탄",
    });
    const left = await open();
    expect(
      left.filter((l) => l.value.includes("평촌") && l.found.some((f) => f.value === "평촌")),
    ).toEqual([]);
    const after = await confirmPage(agency);
    expect(after.terms.map((t) => t.value)).not.toContain("평촌");
    expect(after.open.length).toBeLessThan(before.open.length);
    const text = JSON.stringify((await getDraft("dongtan"))!.content);
    expect(text).toContain("동탄");
  });

  it("refuses an empty or unchanged word at its own field, and changes nothing", async () => {
    const revision = (await getDraft("dongtan"))!.revision;
    for (const [to, message] of [
      ["  ", "‘평촌’ 대신 쓸 말을 입력해 주세요."],
      ["평촌", "원래 말과 다른 말을 입력해 주세요."],
    ] as const) {
      const answer = (await post(agency, { intent: "replace", from: "평촌", to })) as {
        data: { errors: Record<string, string> };
        init: { status: number };
      };
      expect(answer.init.status).toBe(400);
      expect(answer.data.errors).toEqual({ "to-평촌": message });
    }
    const none = (await post(agency, { intent: "replace", from: "없는 말", to: "동탄" })) as {
      data: { errors: Record<string, string> };
    };
    expect(none.data.errors).toEqual({ "to-없는 말": "‘없는 말’이(가) 남은 곳이 없습니다." });
    expect((await getDraft("dongtan"))!.revision).toBe(revision);
  });
});
