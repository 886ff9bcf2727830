// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { Site } from "~/content/schema";
import { FILE_MESSAGES, type FileUploadAnswer } from "~/lib/file-upload";
import { formToObject } from "~/console/form-object";
import { JOB_POLL_MS, type JobView } from "~/jobs/jobs";
import { fieldId, fieldKeyOf, problemField } from "~/console/form-schema";
import { pageUrl, panoramaUrl } from "~/lib/media-files";
import { loadSite } from "~/sites/registry.server";
import { SchemaForm } from "./schema-form";
import { consoleSchema as schema, renderForm, sentEntries } from "./test-support";

/*
 * The console's file slots (a film and its captions, a 360° panorama, the notice PDF): what the
 * form shows and sends for them as the server draws it, and, with the script, an upload that
 * fills the slot, a file too large that is never sent, a refusal, and a file taken out.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const MB = 1024 * 1024;
const film = { src: "media/0123456789abcdef-1280x720.mp4", width: 1280, height: 720 };
const panorama = { src: "media/fedcba9876543210-4096x2048.jpg", width: 4096, height: 2048 };
const notice = {
  src: "media/00112233445566ff.pdf",
  bytes: 1_258_291,
  pages: [
    { width: 1600, height: 2263 },
    { width: 1600, height: 2263 },
  ],
};

/** The Anyang sample with a film (and captions), a tour of one room, and a notice. */
function withFiles(): Site {
  const site = structuredClone(loadSite("sites/anyang"));
  site.brandVideo.file = { ...film, captions: "media/0123456789abcdef.vtt" };
  site.vr.tabs[0]!.tour = {
    rooms: [{ key: "living", title: "거실", panorama, yaw: 0, hotspots: [] }],
  };
  site.announcement.document = notice;
  return site;
}

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("a file slot as the server draws it (no script)", () => {
  const site = withFiles();
  const { document, form } = renderForm(site);

  test("shows what it holds, its preview, and that uploads need the script", () => {
    const slot = (name: string) => document.getElementById(fieldId(name))!;
    const room = slot("vr.tabs.0.tour.rooms.0.panorama");
    expect(room.textContent).toContain("현재 파일: fedcba9876543210-4096x2048.jpg (4096×2048)");
    expect(room.querySelector("img")?.getAttribute("src")).toBe(panoramaUrl(panorama, 512));
    const pdf = slot("announcement.document");
    expect(pdf.textContent).toContain("현재 파일: 00112233445566ff.pdf (2쪽, 1.2MB)");
    expect(pdf.querySelector("img")?.getAttribute("src")).toBe(pageUrl(notice, 1, 800));
    const video = slot("brandVideo.file");
    expect(video.textContent).toContain("현재 파일: 0123456789abcdef-1280x720.mp4 (1280×720)");
    expect(video.textContent).toContain("현재 자막: 0123456789abcdef.vtt");
    const input = document.getElementById(fieldId("announcement.document.$file"))!;
    expect(input.getAttribute("type")).toBe("file");
    expect(input.getAttribute("accept")).toBe("application/pdf");
    expect(input.hasAttribute("disabled")).toBe(true);
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(
      "새 모집공고 파일 올리기",
    );
    expect(pdf.textContent).toContain("파일을 올리려면 자바스크립트가 필요합니다");
  });

  test("keeps its file: what the form sends reads back into the same slots", () => {
    const sent = sentEntries(form);
    expect(sent).toContainEqual(["announcement.document.pages.1.height", "2263"]);
    const read = formToObject(schema, sent);
    expect(read.problems).toEqual([]);
    expect(asJson(read.value)).toEqual(asJson(site));
  });

  test("an optional slot without a file says so, and is left out of what the form sends", () => {
    const empty = loadSite("sites/anyang");
    delete empty.brandVideo.file;
    const { document, form } = renderForm(empty);
    expect(document.getElementById(fieldId("brandVideo.file"))?.textContent).toContain(
      "아직 파일이 없습니다",
    );
    expect(asJson(formToObject(schema, sentEntries(form)).value)).toEqual(asJson(empty));
  });
});

describe("a file slot whose job goes on, as the server draws it (no script: a reload)", () => {
  const job = (over: Partial<JobView>): JobView => ({
    kind: "notice-pages",
    subject: notice.src,
    status: "running",
    done: 3,
    total: 2,
    error: null,
    ...over,
  });
  const slotOf = (jobs: Record<string, JobView>) =>
    renderForm(withFiles(), { jobs }).document.getElementById(fieldId("announcement.document"))!;

  test("a notice being drawn shows how far it got instead of its first page", () => {
    const slot = slotOf({ [notice.src]: job({ done: 3, total: 40 }) });
    expect(slot.querySelector(".cf-job")?.textContent).toBe("3 / 40쪽 그리는 중");
    expect(slot.querySelector("img")).toBeNull();
    expect(slot.querySelector(".cf-thumb-none")?.textContent).toBe("변환 중");
    expect(slot.textContent).toContain("현재 파일: 00112233445566ff.pdf (2쪽, 1.2MB)");
  });

  test("a failed one shows its Korean reason as the field's problem; a done one its first page", () => {
    const reason = FILE_MESSAGES.pdfImageTooLarge(7);
    const failed = slotOf({ [notice.src]: job({ status: "failed", error: reason }) });
    const input = failed.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(failed.querySelector(`[id="${input.id}-error"]`)?.textContent).toBe(reason);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(failed.querySelector(".cf-job")).toBeNull();
    const done = slotOf({ [notice.src]: job({ status: "done", done: 2 }) });
    expect(done.querySelector("img")?.getAttribute("src")).toBe(pageUrl(notice, 1, 800));
    expect(done.querySelector(".cf-job")).toBeNull();
  });
});

test("a problem anywhere in a slot is shown at its upload (a film's captions at theirs)", () => {
  const site = withFiles();
  const room = ["vr", "tabs", 0, "tour", "rooms", 0];
  expect(fieldKeyOf(schema, site, [...room, "panorama", "width"])).toBe(
    "vr.tabs.0.tour.rooms.0.panorama.$file",
  );
  expect(fieldKeyOf(schema, site, ["announcement", "document", "pages", 1, "height"])).toBe(
    "announcement.document.$file",
  );
  expect(fieldKeyOf(schema, site, ["brandVideo", "file", "captions"])).toBe(
    "brandVideo.file.$captions",
  );
  const shown = problemField(schema, site, "vr.tabs.0.tour.rooms.0.panorama.width");
  expect(shown.id).toBe(fieldId("vr.tabs.0.tour.rooms.0.panorama.$file"));
  expect(shown.label).toMatch(/› 1\. 거실 › 360° 파노라마$/);
});

describe("a file slot with the script", () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = "";
    vi.unstubAllGlobals();
  });

  /** The form drawn in this document (its script running), and the form's `input` events. */
  async function draw(value: unknown) {
    const Stub = createRoutesStub([
      {
        path: "*",
        Component: () => <SchemaForm schema={schema} value={value} actions={null} />,
      },
    ]);
    const host = document.body.appendChild(document.createElement("div"));
    root = createRoot(host);
    await act(async () => root!.render(<Stub initialEntries={["/admin/content"]} />));
    const form = document.querySelector<HTMLFormElement>("form.cf-form")!;
    const inputs = vi.fn();
    form.addEventListener("input", inputs);
    return { form, inputs, read: () => formToObject(schema, [...new FormData(form).entries()]) };
  }

  /** A file chosen in the slot's input (its size as given: nothing that large is made). */
  async function choose(name: string, file: File, size = file.size) {
    Object.defineProperty(file, "size", { value: size });
    const input = document.getElementById(fieldId(name)) as HTMLInputElement;
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    await act(async () => input.dispatchEvent(new Event("change", { bubbles: true })));
    return input;
  }

  function answering(answer: FileUploadAnswer, status = 200) {
    const fetch = vi.fn(async () => Response.json(answer, { status }));
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }

  test("an uploaded notice fills the slot, pages and all, and the draft is told", async () => {
    const site = loadSite("sites/anyang");
    const { inputs, read } = await draw(site);
    const fetch = answering({ ok: true, value: notice, previewUrl: "/media/c/p1.webp" });
    await choose("announcement.document.$file", new File(["%PDF-"], "공고.pdf"));
    expect(fetch).toHaveBeenCalledWith("/admin/media/pdf", expect.anything());
    const slot = document.getElementById(fieldId("announcement.document"))!;
    expect(slot.textContent).toContain("현재 파일: 00112233445566ff.pdf (2쪽, 1.2MB)");
    expect(slot.textContent).toContain("모집공고 파일을 올렸습니다");
    expect(slot.querySelector("img")?.getAttribute("src")).toBe("/media/c/p1.webp");
    expect((read().value as Site).announcement.document).toEqual(notice);
    expect(inputs).toHaveBeenCalled();
  });

  test("an uploaded notice whose pages a job draws: its progress, asked for each second, then its first page", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await draw(loadSite("sites/anyang"));
      const state = (status: JobView["status"], done: number): JobView => ({
        kind: "notice-pages",
        subject: notice.src,
        status,
        done,
        total: 2,
        error: null,
      });
      const answers: unknown[] = [
        { ok: true, value: notice, previewUrl: "/media/c/p1.webp", job: state("pending", 0) },
        { jobs: { [notice.src]: state("running", 1) } },
        { jobs: { [notice.src]: state("done", 2) } },
      ];
      const fetch = vi.fn(async () => Response.json(answers.shift()));
      vi.stubGlobal("fetch", fetch);
      await choose("announcement.document.$file", new File(["%PDF-"], "공고.pdf"));
      const slot = document.getElementById(fieldId("announcement.document"))!;
      expect(slot.querySelector(".cf-job")?.textContent).toBe("0 / 2쪽 그리기를 기다리는 중");
      expect(slot.querySelector("img")).toBeNull();
      await act(async () => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
      expect(fetch).toHaveBeenLastCalledWith(
        `/admin/media/jobs?src=${encodeURIComponent(notice.src)}`,
        expect.anything(),
      );
      expect(slot.querySelector(".cf-job")?.textContent).toBe("1 / 2쪽 그리는 중");
      await act(async () => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
      expect(slot.querySelector(".cf-job")).toBeNull();
      expect(slot.querySelector("img")?.getAttribute("src")).toBe("/media/c/p1.webp");
      expect(slot.textContent).toContain("모집공고의 2쪽을 모두 그렸습니다.");
      // Done: nothing more is asked.
      await act(async () => vi.advanceTimersByTimeAsync(5 * JOB_POLL_MS));
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  test("a film over 200 MB is refused here, in Korean, and nothing is sent", async () => {
    const site = loadSite("sites/anyang");
    const { read } = await draw(site);
    const fetch = answering({ ok: false, field: "file", message: "보내면 안 됩니다" });
    const input = await choose("brandVideo.file.$file", new File(["x"], "큰영상.mp4"), 250 * MB);
    expect(fetch).not.toHaveBeenCalled();
    const alert = document.getElementById(`${input.id}-error`)!;
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toBe(FILE_MESSAGES.tooLarge("video", 250 * MB));
    expect(input.getAttribute("aria-describedby")).toContain(alert.id);
    expect(document.activeElement).toBe(input);
    expect(asJson(read().value)).toEqual(asJson(site));
  });

  test("the server's refusal is shown beside the input; the slot keeps what it had", async () => {
    const site = withFiles();
    const { read } = await draw(site);
    answering({ ok: false, field: "file", message: FILE_MESSAGES.notTwoToOne(3000, 2000) }, 400);
    const input = await choose("vr.tabs.0.tour.rooms.0.panorama.$file", new File(["x"], "a.jpg"));
    expect(document.getElementById(`${input.id}-error`)?.textContent).toBe(
      FILE_MESSAGES.notTwoToOne(3000, 2000),
    );
    expect(document.activeElement).toBe(input);
    expect(asJson(read().value)).toEqual(asJson(site));
  });

  test("a film's captions are uploaded beside it; the film and its captions can be taken out", async () => {
    const site = loadSite("sites/anyang");
    const { read, inputs } = await draw(site);
    answering({ ok: true, value: film });
    await choose("brandVideo.file.$file", new File(["x"], "film.mp4"));
    answering({ ok: true, value: "media/0123456789abcdef.vtt" });
    await choose("brandVideo.file.$captions", new File(["WEBVTT"], "ko.vtt"));
    expect((read().value as Site).brandVideo.file).toEqual({
      ...film,
      captions: "media/0123456789abcdef.vtt",
    });
    const button = (text: string) =>
      [...document.querySelectorAll("button")].find((b) => b.textContent === text)!;
    await act(async () => button("자막 빼기").click());
    expect((read().value as Site).brandVideo.file).toEqual(film);
    await act(async () => button("파일 빼기").click());
    expect((read().value as Site).brandVideo.file).toBeUndefined();
    expect(document.activeElement?.id).toBe(fieldId("brandVideo.file.$file"));
    expect(inputs).toHaveBeenCalledTimes(4);
  });
});
