/*
 * Operator command for the complexes this deployment serves (one folder each under sites/):
 *   npm run sites -- list [--json]                          the complexes, their hosts and press path
 *   npm run sites -- new <id> --from <existing-id> --host <host> [--host <host2>]
 *                                                           a new complex copied from another
 *   npm run sites -- schema                                 writes sites/site.schema.json
 * A new complex is served after the next `npm run build`.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { siteJsonSchema } from "~/content/schema";
import { defaultSite, loadSites, SITE_FILE, sitesRoot } from "~/sites/registry.server";

const USAGE = `사용법:
  npm run sites -- list [--json]
  npm run sites -- new <id> --from <기존 id> --host <호스트> [--host <호스트>]…
  npm run sites -- schema
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
    if (name === "json") {
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
    name: s.project.siteName,
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

/** Copies a complex's folder (data and pictures), with the new id and hosts, not the default. */
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
  const taken = loadSites().flatMap((s) => s.hosts);
  for (const host of hosts) {
    if (taken.includes(host)) fail(`다른 단지가 쓰는 호스트입니다: ${host}`);
  }
  cpSync(source, target, { recursive: true });
  const file = join(target, SITE_FILE);
  const doc = parseDocument(readFileSync(file, "utf8"));
  doc.set("id", id);
  doc.set("hosts", hosts);
  doc.delete("default");
  writeFileSync(file, doc.toString({ lineWidth: 0 }));
  process.stdout.write(
    `새 단지 ${id}을(를) ${from}에서 복사해 만들었습니다: ${file}\n` +
      `호스트: ${[...hosts, `${id}.localhost`].join(", ")}\n` +
      `내용을 고친 뒤 npm run build 하면 이 단지가 함께 서비스됩니다.\n`,
  );
}

function schema() {
  const file = join(sitesRoot(), "site.schema.json");
  writeFileSync(file, `${JSON.stringify(siteJsonSchema(), null, 2)}\n`);
  process.stdout.write(`${file}\n`);
}

const [command, ...rest] = process.argv.slice(2);
const { named, positional } = options(rest);
try {
  if (command === "list") list(named.has("json"));
  else if (command === "new")
    create(positional[0], named.get("from")?.[0], named.get("host") ?? []);
  else if (command === "schema") schema();
  else fail(USAGE);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
