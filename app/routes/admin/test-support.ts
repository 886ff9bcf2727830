/*
 * Test support for the console's and CRM's route tests: a media folder for the uploads, and the
 * administrators the tests sign in as.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { loadStore } from "~/console/sync.server";
import type { Db } from "~/db/db.server";
import { setTestEnv } from "~/db/test-support";
import type { FileUploadAnswer } from "~/lib/file-upload";
import { folderStore, setMediaStore } from "~/media/store.server";

/**
 * A temporary folder (named `bunyang-<name>-…`) as the media store, made afresh for the file or for
 * each test (`per`), removed after it: its path, and the names of the files stored in it.
 */
export function setUpMediaFolder(name: string, per: "file" | "test" = "file") {
  const [before, after] = per === "file" ? [beforeAll, afterAll] : [beforeEach, afterEach];
  const folder = {
    dir: "",
    storedFiles() {
      try {
        return readdirSync(join(folder.dir, "media")).sort();
      } catch {
        return [];
      }
    },
  };
  before(() => {
    folder.dir = mkdtempSync(join(tmpdir(), `bunyang-${name}-`));
    setMediaStore(folderStore(folder.dir));
  });
  after(() => {
    setMediaStore(undefined);
    rmSync(folder.dir, { recursive: true, force: true });
  });
  return folder;
}

/**
 * `form` posted to `path` on 안양's host with `cookie`, as the console's file uploads send it: the
 * upload action's status and answer.
 */
export async function postUpload(
  action: (args: never) => Promise<Response>,
  path: string,
  cookie: string,
  form: FormData,
) {
  const request = new Request(`http://anyang.localhost${path}`, {
    method: "POST",
    headers: { cookie, origin: "http://anyang.localhost" },
    body: form,
  });
  const response = await action({ request, context: {}, params: {} } as never);
  return { status: response.status, body: (await response.json()) as FileUploadAnswer };
}

/**
 * SITE_URL set to `siteUrl`, the complexes read, and an 에이전시 관리자 (agency@example.com) signed
 * in on `siteId`: its cookie.
 */
export async function signInAgency(siteUrl: string, siteId: string) {
  setTestEnv({ SITE_URL: siteUrl });
  await loadStore();
  await upsertAdmin("agency@example.com", TEST_PASSWORD);
  return cookieOf("agency@example.com", siteId);
}

/**
 * An 에이전시 관리자 (agency@example.com) and a consultant of `siteId` (consultant@example.com),
 * both with TEST_PASSWORD: the consultant's id.
 */
export async function agencyAndConsultant(db: Db, siteId: string) {
  await upsertAdmin("agency@example.com", TEST_PASSWORD, { role: "agency" });
  await upsertAdmin("consultant@example.com", TEST_PASSWORD, {
    role: "consultant",
    sites: [siteId],
  });
  const row = await db.get<{ id: string }>(
    "SELECT id FROM admins WHERE email = 'consultant@example.com'",
  );
  return row!.id;
}
