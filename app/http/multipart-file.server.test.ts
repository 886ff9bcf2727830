import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { receiveFile } from "./multipart-file.server";

/* A file part of a multipart body, received on disk: found among other fields, or refused. */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "bunyang-multipart-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function post(form: FormData) {
  return new Request("http://anyang.localhost/admin/media/video", { method: "POST", body: form });
}

describe("receiving a file part on disk", () => {
  it("finds the named file among other fields, byte for byte (a boundary-like run inside too)", async () => {
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7) % 256)),
      Buffer.from("\r\n--not-the-boundary\r\n"),
    ]);
    const form = new FormData();
    form.set("before", "앞");
    form.set("file", new File([bytes], "영상.mp4"));
    form.set("after", "뒤");
    const received = await receiveFile(post(form), "file", dir, 10 * 1024 * 1024);
    expect(received).toMatchObject({ ok: true, size: bytes.length });
    expect(received.ok && readFileSync(received.path).equals(bytes)).toBe(true);
  });

  it("refuses a body over the limit, a form without the file and a body that is not multipart", async () => {
    const big = new FormData();
    big.set("file", new File([Buffer.alloc(2048)], "a.mp4"));
    expect(await receiveFile(post(big), "file", dir, 1024)).toEqual({
      ok: false,
      reason: "too_large",
    });
    const none = new FormData();
    none.set("alt", "설명");
    expect(await receiveFile(post(none), "file", dir, 1024)).toEqual({
      ok: false,
      reason: "no_file",
    });
    const text = new Request("http://anyang.localhost/x", { method: "POST", body: "file=1" });
    expect(await receiveFile(text, "file", dir, 1024)).toEqual({ ok: false, reason: "malformed" });
  });
});
