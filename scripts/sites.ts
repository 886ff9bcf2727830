/*
 * Operator command for the complexes this deployment serves (one folder each under sites/):
 *   npm run sites -- list [--json]                          the complexes, their hosts and press path
 *   npm run sites -- new <id> --from <existing-id> --host <host> [--host <host2>]
 *                                                           a new complex copied from another
 *   npm run sites -- new <id> --blank --name <단지명> --host <host>
 *                                                           a new complex started blank (placeholders)
 *   npm run sites -- check <id>                             the fields of a copied folder still holding
 *                                                           its source's identity (exit 1 if any)
 *   npm run sites -- schema                                 writes sites/site.schema.json
 *   npm run sites -- import <folder-or-zip> [--id <id>]     a complex's folder (site.yaml + images/)
 *                                                           or its exported zip, as its new draft
 *   npm run sites -- export <id> [--version N] [--out file] its draft (or version N) as <id>.zip
 * A new complex is served after the next `npm run build`. An import goes into the database (the
 * server's DATABASE_URL or DATA_DIR, its media store): a new draft, published in the console.
 */
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { pipeline } from "node:stream/promises";
import { join, relative } from "node:path";
import { parseDocument, stringify } from "yaml";
import { siteJsonSchema } from "~/content/schema";
import { closeDb } from "~/db/db.server";
import type { FieldSchema } from "~/console/form-schema";
import { findLeftovers, foundText, labelLeftovers } from "~/console/leftovers";
import { getDraft, versionContent } from "~/console/content-store.server";
import { COPY_FILE, copyRecord, parseCopyRecord } from "~/console/copy-source.server";
import { exportZip, importSiteFolder, importSiteZip } from "~/console/portable.server";
import { SITE_ZIP_MAX_BYTES } from "~/console/portable-messages.server";
import { blankContent } from "~/console/blank.server";
import { DRAWN_SLOTS } from "~/sites/drawn-pictures.server";
import { hostOf } from "~/sites/host-name.server";
import { SITE_FILE, sitesRoot } from "~/sites/folders.server";
import { defaultSite, loadSites, readSiteFile } from "~/sites/registry.server";

const USAGE = `사용법:
  npm run sites -- list [--json]
  npm run sites -- new <id> --from <기존 id> --host <호스트> [--host <호스트>]…
  npm run sites -- new <id> --blank --name <단지명> --host <호스트> [--host <호스트>]…
  npm run sites -- check <id>
  npm run sites -- schema
  npm run sites -- import <단지 폴더 또는 zip> [--id <단지 id>]
  npm run sites -- export <단지 id> [--version <버전>] [--out <파일>]
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** `--name value` options, repeatable, and the positional arguments. */
function options(args: string[]) {
  const named = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    if (name === "json" || name === "blank") {
      named.set(name, ["true"]);
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined) fail(`--${name}에 값이 없습니다\n\n${USAGE}`);
    named.set(name, [...(named.get(name) ?? []), value]);
  }
  return { named, positional };
}

function list(json: boolean) {
  const sites = loadSites();
  const fallback = defaultSite().id;
  const rows = sites.map((s) => ({
    id: s.id,
    name: s.identity.name,
    hosts: s.hosts,
    pressSite: s.press.defaultSite,
    default: s.id === fallback,
  }));
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  for (const r of rows) {
    const hosts = [...r.hosts, `${r.id}.localhost`].join(", ");
    process.stdout.write(
      `${r.default ? "*" : " "} ${r.id}\t${r.name}\t${hosts}\t/${r.pressSite}/press\n`,
    );
  }
}

/** A new complex's folder started blank (app/console/blank.server.ts): no source, nothing to check. */
function createBlank(id: string | undefined, name: string | undefined, hosts: string[]) {
  if (!id || !name?.trim()) fail(USAGE);
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(id)) {
    fail(`단지 id "${id}"는 영문 소문자로 시작하고 영문 소문자, 숫자, -만 쓸 수 있습니다`);
  }
  const target = join(sitesRoot(), id);
  if (existsSync(target)) fail(`이미 있는 단지입니다: ${id}`);
  const taken = loadSites().flatMap((s) => s.hosts.map(hostOf));
  for (const host of hosts) {
    if (taken.includes(hostOf(host))) fail(`다른 단지가 쓰는 호스트입니다: ${host}`);
  }
  mkdirSync(target, { recursive: true });
  const file = join(target, SITE_FILE);
  writeFileSync(
    file,
    `# yaml-language-server: $schema=../site.schema.json\n# ${name.trim()}: 빈 단지로 시작한 콘텐츠입니다 (app/console/blank.server.ts).\n` +
      stringify(blankContent({ id, name, hosts }), { lineWidth: 0 }),
  );
  process.stdout.write(
    `새 단지 ${id}을(를) 빈 단지로 만들었습니다: ${file}\n` +
      `호스트: ${[...hosts, `${id}.localhost`].join(", ")}\n` +
      `대표 전화와 수신거부 번호는 임시 번호입니다. 게시 전에 실제 번호로 바꿔 주세요.\n` +
      `내용을 고친 뒤 npm run build 하면 이 단지가 함께 서비스됩니다.\n`,
  );
}

/**
 * Copies a complex's folder (data and pictures but its logo and share image), with the new id and
 * hosts, not the default.
 */
function create(id: string | undefined, from: string | undefined, hosts: string[]) {
  if (!id || !from) fail(USAGE);
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(id)) {
    fail(`단지 id "${id}"는 영문 소문자로 시작하고 영문 소문자, 숫자, -만 쓸 수 있습니다`);
  }
  const root = sitesRoot();
  const source = join(root, from);
  const target = join(root, id);
  if (!existsSync(join(source, SITE_FILE))) fail(`복사할 단지가 없습니다: ${from}`);
  if (existsSync(target)) fail(`이미 있는 단지입니다: ${id}`);
  // Compared without their schemes (`http://…`): a request names the host alone.
  const taken = loadSites().flatMap((s) => s.hosts.map(hostOf));
  for (const host of hosts) {
    if (taken.includes(hostOf(host))) fail(`다른 단지가 쓰는 호스트입니다: ${host}`);
  }
  // The source's identity as it is now: `check` and the console list what is left of it.
  const data = readSiteFile(source, `sites/${from}`);
  const record = copyRecord(from, data);
  // Its logo and share image are not the source's: the build draws them from its own identity.
  const identity = Object.keys(DRAWN_SLOTS).map((path) => {
    const slot = path
      .split(".")
      .reduce<unknown>((o, key) => (o as Record<string, unknown> | undefined)?.[key], data);
    const src = (slot as { src?: unknown } | undefined)?.src;
    return typeof src === "string" ? src.replace(/\.[a-z]+$/, "") : undefined;
  });
  const images = join(source, "images");
  cpSync(source, target, {
    recursive: true,
    filter: (from) => {
      const name = relative(images, from).replace(/\.[a-z]+$/, "");
      return !from.startsWith(`${images}/`) || !identity.includes(name);
    },
  });
  writeFileSync(join(target, COPY_FILE), `${JSON.stringify(record, null, 2)}\n`);
  const file = join(target, SITE_FILE);
  const doc = parseDocument(readFileSync(file, "utf8"));
  // No logo named: the copy's is the wordmark drawn from its own 단지 기본 정보.
  if (doc.hasIn(["identity", "logo"])) doc.deleteIn(["identity", "logo"]);
  doc.set("id", id);
  doc.set("hosts", hosts);
  doc.delete("default");
  writeFileSync(file, doc.toString({ lineWidth: 0 }));
  process.stdout.write(
    `새 단지 ${id}을(를) ${from}에서 복사해 만들었습니다: ${file}\n` +
      `호스트: ${[...hosts, `${id}.localhost`].join(", ")}\n` +
      `원본 단지(${record.sourceName})의 이름·주소·회사·전화가 남은 곳: npm run sites -- check ${id}\n` +
      `내용을 고친 뒤 npm run build 하면 이 단지가 함께 서비스됩니다.\n`,
  );
}

/**
 * The fields of a copied folder's site.yaml still holding its source's identity, each by its
 * Korean label trail and path; exit 1 while any is left (those the file's `kept` names with their
 * value are not).
 */
function check(id: string | undefined) {
  if (!id) fail(USAGE);
  const dir = join(sitesRoot(), id);
  if (!existsSync(join(dir, SITE_FILE))) fail(`없는 단지입니다: ${id}`);
  const file = join(dir, COPY_FILE);
  const record = existsSync(file) ? parseCopyRecord(readFileSync(file, "utf8")) : undefined;
  if (!record) {
    process.stdout.write(`${id}: 다른 단지를 복사해 만든 기록(${COPY_FILE})이 없습니다.\n`);
    return;
  }
  const content = readSiteFile(dir, `sites/${id}`);
  const { open, kept } = findLeftovers(content, record.identity, record.kept);
  const rows = labelLeftovers(siteJsonSchema() as FieldSchema, content, open);
  for (const row of rows)
    process.stdout.write(`${row.label} (${row.path}): ${foundText(row.found)}\n`);
  process.stdout.write(
    `원본 단지(${record.sourceName}) 내용 ${rows.length}곳` +
      (kept.length ? `, 그대로 두기 ${kept.length}곳` : "") +
      (rows.length
        ? `. 고치거나, 이 단지에도 맞는 내용이면 ${COPY_FILE}의 kept에 "경로": "값"으로 적어 주세요.\n`
        : ".\n"),
  );
  if (rows.length) process.exitCode = 1;
}

function schema() {
  const file = join(sitesRoot(), "site.schema.json");
  writeFileSync(file, `${JSON.stringify(siteJsonSchema(), null, 2)}\n`);
  process.stdout.write(`${file}\n`);
}

const IMPORTED_BY = "npm run sites -- import";

/** A folder or an exported zip into the store, as a complex's new draft (never published). */
async function importCommand(path: string | undefined, id: string | undefined) {
  if (!path) fail(USAGE);
  if (!existsSync(path)) fail(`없는 파일이나 폴더입니다: ${path}`);
  const mode = id ? { id } : {};
  const result = statSync(path).isDirectory()
    ? await importSiteFolder(path, mode, IMPORTED_BY)
    : statSync(path).size > SITE_ZIP_MAX_BYTES
      ? await importSiteZip(Buffer.alloc(SITE_ZIP_MAX_BYTES + 1), mode, IMPORTED_BY)
      : await importSiteZip(readFileSync(path), mode, IMPORTED_BY);
  await closeDb();
  if (!result.ok) {
    fail(
      `가져오지 못했습니다:\n${result.problems
        .map((p) => `  ${p.path ? `${p.path}: ` : ""}${p.message}`)
        .join("\n")}`,
    );
  }
  process.stdout.write(
    `${result.siteId}: ${result.created ? "새 단지를 초안으로 만들었습니다" : "새 초안으로 가져왔습니다 (게시된 버전은 그대로입니다)"}` +
      ` — 새로 올린 사진 ${result.uploaded}장. 콘솔의 단지 게시 화면에서 확인한 뒤 게시해 주세요.\n`,
  );
}

/** A complex's draft (or a version) as the console's 내보내기 gives it. */
async function exportCommand(id: string | undefined, version: string | undefined, out?: string) {
  if (!id) fail(USAGE);
  const content = version
    ? await versionContent(id, Number(version))
    : (await getDraft(id))?.content;
  if (!content) {
    await closeDb();
    fail(version ? `단지 ${id}에 ${version}번 버전이 없습니다` : `없는 단지입니다: ${id}`);
  }
  const file = out ?? `${id}.zip`;
  await pipeline(exportZip(id, content), createWriteStream(file));
  await closeDb();
  process.stdout.write(`${file}\n`);
}

const [command, ...rest] = process.argv.slice(2);
const { named, positional } = options(rest);
try {
  if (command === "list") list(named.has("json"));
  else if (command === "new" && named.has("blank"))
    createBlank(positional[0], named.get("name")?.[0], named.get("host") ?? []);
  else if (command === "new")
    create(positional[0], named.get("from")?.[0], named.get("host") ?? []);
  else if (command === "check") check(positional[0]);
  else if (command === "schema") schema();
  else if (command === "import") await importCommand(positional[0], named.get("id")?.[0]);
  else if (command === "export")
    await exportCommand(positional[0], named.get("version")?.[0], named.get("out")?.[0]);
  else fail(USAGE);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
