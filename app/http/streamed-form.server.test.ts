import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FORM_MESSAGES, readForm, requireForm } from "./form.server";
import { FIELD_MAX_BYTES, uploadedPath, withRequestFiles } from "./streamed-form.server";

/*
 * Forms read as they stream (issue 43): files on disk for the request and gone after it, text
 * fields held up to their limit, and every body that cannot be read refused in Korean, its
 * temporary files removed, whatever stopped it.
 */

const MB = 1024 * 1024;
let temp: string;
let ownTemp: string | undefined;
beforeAll(() => {
  // os.tmpdir() follows TMPDIR: this file's temporary folders, and only they, are counted here.
  ownTemp = process.env.TMPDIR;
  temp = mkdtempSync(join(tmpdir(), "bunyang-streamed-form-"));
  process.env.TMPDIR = temp;
});
afterAll(() => {
  process.env.TMPDIR = ownTemp;
  if (ownTemp === undefined) delete process.env.TMPDIR;
  rmSync(temp, { recursive: true, force: true });
});
beforeEach(() => {
  for (const left of readdirSync(temp)) rmSync(join(temp, left), { recursive: true });
});
const leftovers = () => readdirSync(temp);

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://anyang.localhost/admin/media/video", {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);

/** A multipart body, as a browser frames it, with `boundary`. */
const framed = (boundary: string, parts: string[]) =>
  parts.map((p) => `--${boundary}\r\n${p}\r\n`).join("") + `--${boundary}--\r\n`;

/** A body that sends `head`, then fails: a client that went away mid-upload. */
function cutShort(head: Uint8Array) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
      setTimeout(() => controller.error(new Error("aborted")), 20);
    },
  });
}

/** What requireForm throws: its status and Korean message. */
async function refusal(request: Request, maxBytes?: number) {
  try {
    await requireForm(request, maxBytes);
  } catch (thrown) {
    const { init, data } = thrown as { init: { status: number }; data: string };
    return { status: init.status, message: data };
  }
  throw new Error("the form was read");
}

describe("a form read as it streams", () => {
  it("hands a file on disk for the request, byte for byte, with its Korean name, and removes it after", async () => {
    const bytes = Buffer.from(Array.from({ length: 3 * MB }, (_, i) => (i * 7) % 256));
    const form = new FormData();
    form.set("before", "앞");
    form.set("file", new File([bytes], "견본주택 영상.mp4", { type: "video/mp4" }));
    form.set("after", "뒤");
    let path: string | undefined;
    await withRequestFiles(async () => {
      const read = await readForm(post(form), 10 * MB);
      if (!read.ok) throw new Error(read.message);
      const file = read.form.get("file") as File;
      expect([file.name, file.type, file.size]).toEqual(["견본주택 영상.mp4", "video/mp4", 3 * MB]);
      expect([read.form.get("before"), read.form.get("after")]).toEqual(["앞", "뒤"]);
      path = uploadedPath(file);
      expect(readFileSync(path!).equals(bytes)).toBe(true);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
      expect(leftovers()).toHaveLength(1);
    });
    expect(leftovers()).toEqual([]);
  });

  it("outside a request's scope holds the file in memory and leaves nothing on disk", async () => {
    const form = new FormData();
    form.set("file", new File([Buffer.alloc(1000, 1)], "사진.jpg"));
    const read = await readForm(post(form), MB);
    if (!read.ok) throw new Error(read.message);
    expect(uploadedPath(read.form.get("file") as File)).toBeUndefined();
    expect((read.form.get("file") as File).size).toBe(1000);
    expect(leftovers()).toEqual([]);
  });

  it("refuses a body over its limit with 413 in Korean, and removes the part of the file written", async () => {
    const form = new FormData();
    form.set("file", new File([Buffer.alloc(3 * MB)], "영상.mp4"));
    await withRequestFiles(async () => {
      expect(await refusal(post(form), 2 * MB)).toEqual({
        status: 413,
        message: FORM_MESSAGES.too_large,
      });
      expect(leftovers()).toEqual([]);
    });
    // Chunked (no Content-Length to trust): counted as it streams.
    const chunked = post(new Response(form).body!, {
      "content-type": new Response(form).headers.get("content-type")!,
    });
    expect(chunked.headers.get("content-length")).toBeNull();
    expect(await withRequestFiles(() => refusal(chunked, 2 * MB))).toEqual({
      status: 413,
      message: FORM_MESSAGES.too_large,
    });
    expect(leftovers()).toEqual([]);
  });

  it("refuses a text field over its limit with 413 and says so in Korean", async () => {
    const form = new FormData();
    form.set("title", "가".repeat(FIELD_MAX_BYTES / 3 + 1));
    expect(await refusal(post(form), 11 * MB)).toEqual({
      status: 413,
      message: FORM_MESSAGES.field_too_large(),
    });
    expect(FORM_MESSAGES.field_too_large()).toContain(
      "한 칸에 입력한 내용이 너무 깁니다 (1MB까지)",
    );
    // A field at its limit is read.
    const fits = new FormData();
    fits.set("title", "a".repeat(FIELD_MAX_BYTES - 1));
    const read = await readForm(post(fits), 11 * MB);
    expect(read.ok && (read.form.get("title") as string).length).toBe(FIELD_MAX_BYTES - 1);
  });

  it("answers a broken boundary, a body cut short and a body that is no form 400 in Korean, leaving no file", async () => {
    const type = { "content-type": "multipart/form-data; boundary=real" };
    const wrong = framed("other", ['Content-Disposition: form-data; name="a"\r\n\r\n1']);
    expect(await refusal(post(wrong, type))).toEqual({
      status: 400,
      message: FORM_MESSAGES.malformed,
    });
    const unterminated = `--real\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n${"x".repeat(100_000)}`;
    expect(await withRequestFiles(() => refusal(post(unterminated, type)))).toEqual({
      status: 400,
      message: FORM_MESSAGES.malformed,
    });
    expect(await refusal(post("{}", { "content-type": "application/json" }))).toEqual({
      status: 400,
      message: FORM_MESSAGES.malformed,
    });
    expect(leftovers()).toEqual([]);
  });

  it("an upload whose client goes away midway is refused and its temporary file removed", async () => {
    const head = Buffer.concat([
      Buffer.from(
        '--cut\r\nContent-Disposition: form-data; name="file"; filename="영상.mp4"\r\n' +
          "Content-Type: video/mp4\r\n\r\n",
      ),
      Buffer.alloc(2 * MB, 7),
    ]);
    const request = post(cutShort(head), {
      "content-type": "multipart/form-data; boundary=cut",
    });
    await withRequestFiles(async () => {
      const read = await readForm(request, 10 * MB);
      expect(read).toEqual({
        ok: false,
        reason: "malformed",
        message: FORM_MESSAGES.malformed,
      });
      expect(leftovers()).toEqual([]);
    });
  });

  it("removes a request's files when its work fails", async () => {
    const form = new FormData();
    form.set("file", new File([Buffer.alloc(5000, 2)], "공고.pdf"));
    await expect(
      withRequestFiles(async () => {
        const read = await readForm(post(form), MB);
        expect(read.ok && leftovers()).toHaveLength(1);
        throw new Error("processing failed");
      }),
    ).rejects.toThrow("processing failed");
    expect(leftovers()).toEqual([]);
  });
});
