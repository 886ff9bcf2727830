import { beforeEach, describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { HOST_MESSAGES } from "~/sites/hosts.server";
import { siteForHost } from "~/sites/registry.server";
import { loadStore } from "~/console/sync.server";
import { loader as siteLoader } from "./site";
import { action as sitesAction } from "./sites.new";
import {
  ANYANG_HOST,
  hostsOf,
  origin,
  PORT,
  save,
  setUpHostsTests,
  type Args,
} from "./hosts.test-support";
import { signInAgency } from "../test-support";

/*
 * A host typed with its scheme (https://, http://) on 새 단지 and in the content form: kept, and
 * the complex's page shows its address so.
 */

setUpHostsTests();

describe.each(engines())("a host with its scheme, on the complex's page ($name)", (engine) => {
  useTestDb(engine);
  let agency: string;
  beforeEach(async () => {
    agency = await signInAgency(`http://localhost:${PORT}`, "anyang");
  });

  /** 새 단지 (/admin/sites/new), its hosts typed as `hosts` and `scheme` chosen beside them. */
  async function create(id: string, hosts: string, scheme: string) {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      id,
      name: `${id} 단지`,
      hosts,
      scheme,
      copyFrom: "suwon",
    }))
      body.set(k, v);
    const request = new Request(`${origin("anyang")}/admin/sites/new`, {
      method: "POST",
      headers: { cookie: agency, origin: origin("anyang") },
      body,
    });
    const answer = (await sitesAction({ request, context: {}, params: {} } as Args as never)) as
      | Response
      | { data: unknown };
    if (!(answer instanceof Response)) throw new Error(JSON.stringify(answer.data));
    // Every instance follows the store (console/sync.server.ts); here, the registry read again.
    await loadStore();
  }

  /** The address /admin/sites/<id> shows as the complex's. */
  async function shownOrigin(id: string) {
    const request = new Request(`${origin("anyang")}/admin/sites/${id}`, {
      headers: { cookie: agency },
    });
    const answer = (await siteLoader({
      request,
      context: {},
      params: { siteId: id },
    } as Args as never)) as {
      data: { origin: string | null };
    };
    return answer.data.origin;
  }

  it("a *.localhost host typed without a scheme is http; https or http chosen beside the field is kept", async () => {
    await create("dongtan", "dongtan.localhost:4100", "");
    expect(await hostsOf("dongtan")).toEqual(["dongtan.localhost:4100"]);
    expect(await shownOrigin("dongtan")).toBe("http://dongtan.localhost:4100");

    await create("hwaseong", "hwaseong-lake.example.com", "http");
    expect(await hostsOf("hwaseong")).toEqual(["http://hwaseong-lake.example.com"]);
    expect(await shownOrigin("hwaseong")).toBe("http://hwaseong-lake.example.com");
    expect(siteForHost("hwaseong-lake.example.com").id).toBe("hwaseong");

    await create("osan", "HTTPS://Osan-Park.example.com", "http");
    expect(await shownOrigin("osan")).toBe("https://osan-park.example.com");
  });

  it("an agency saves a host with its scheme in the content form; another complex's host is refused with or without one", async () => {
    const saved = await save("suwon", agency, ["http://gwanggyo.example.com:8080"]);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors).toEqual({});
    expect(await hostsOf("suwon")).toEqual(["http://gwanggyo.example.com:8080"]);
    const taken = await save("suwon", agency, [`https://${ANYANG_HOST}`]);
    if (taken.kind !== "saved") throw new Error(taken.kind);
    expect(taken.errors["hosts.0"]).toEqual([
      HOST_MESSAGES.taken(`https://${ANYANG_HOST}`, "anyang"),
    ]);
  });
});
