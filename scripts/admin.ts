/*
 * Operator command for administrator accounts:
 *   npm run admin -- set-password EMAIL                        agency administrator, every complex
 *   npm run admin -- set-password EMAIL --site ID [--site ID2]  editor of the complexes named
 *   npm run admin -- set-password EMAIL --role consultant --site ID   consultant of that complex
 * Reads the new password from standard input: its first line, and a second line, when given (a
 * confirmation), must repeat it. Creates the administrator or changes its password, role and
 * complexes (each call sets them: without --site, every complex, which is the agency role's), and
 * signs out its open sessions when the password changed. Without --role an existing account keeps
 * its role when it fits (a consultant's password is reset without making them an editor); else
 * agency without --site, editor with it. Roles: docs/decisions/034-roles.md.
 * Uses the same database settings as the server (DATABASE_URL, or SQLite under DATA_DIR).
 *   printf '%s' "$NEW_PASSWORD" | npm run -s admin -- set-password admin@example.com
 */
import { adminAccess, scopeProblem, upsertAdmin, type AdminSites } from "~/auth/admin.server";
import { destroySessionsOf } from "~/auth/session.server";
import { closeDb, getDb } from "~/db/db.server";
import { PASSWORD_MIN, passwordProblem } from "~/lib/accounts";
import { isRole, ROLE_LABELS, ROLES, type Role } from "~/lib/roles";
import { ALL_SITES, SITE_ID } from "~/lib/sites";

const USAGE = `사용법: npm run admin -- set-password <이메일> [--role ${ROLES.join("|")}] [--site <단지 ID> ...]

  새 비밀번호를 표준 입력으로 받습니다 (${PASSWORD_MIN}자 이상, 한 줄). 확인용으로 둘째 줄에 같은 비밀번호를
  한 번 더 적을 수 있습니다. 터미널에서는 입력이 화면에 보이지 않습니다.
  --role: agency (에이전시 관리자, 모든 단지), editor (단지 편집자), consultant (상담원).
  --site 없이는 모든 단지의 에이전시 관리자, --site로는 지정한 단지만의 단지 편집자가 됩니다
  (--site는 여러 번 쓸 수 있음). 있는 계정은 --role 없이도 역할이 맞으면 그 역할을 유지합니다.
  예: printf '%s' "$NEW_PASSWORD" | npm run -s admin -- set-password admin@example.com
      printf '%s' "$NEW_PASSWORD" | npm run -s admin -- set-password manager@example.com --site anyang
      printf '%s' "$NEW_PASSWORD" | npm run -s admin -- set-password call@example.com --role consultant --site anyang
`;

/** How an administrator's role and complexes read: "에이전시 관리자, 모든 단지". */
const describeScope = (role: Role, sites: AdminSites) =>
  `${ROLE_LABELS[role]}, ${sites === ALL_SITES ? "모든 단지" : `단지 ${sites.join(", ")}`}`;

/**
 * The password in what standard input held: its first line; a second line, when given (the same
 * password again, as a confirmation prompt takes it), must repeat it. A line break is never part of
 * a password: nobody could type it at sign-in.
 */
function passwordFromInput(
  input: string,
): { ok: true; password: string } | { ok: false; message: string } {
  const lines = input.split(/\r\n|\r|\n/);
  // One trailing line break (echo, a here-string) ends the last line; it does not start another.
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  if (lines.length > 2)
    return {
      ok: false,
      message: `표준 입력이 ${lines.length}줄입니다. 비밀번호는 한 줄로 적고, 확인하려면 둘째 줄에 한 번 더 적어 주세요.`,
    };
  if (lines.length === 2 && lines[0] !== lines[1])
    return { ok: false, message: "두 줄의 비밀번호가 서로 다릅니다." };
  return { ok: true, password: lines[0]! };
}

/** Standard input: typed without echo on a terminal (up to Enter), else all of it. */
async function readInput(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }
  process.stderr.write("새 비밀번호: ");
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  let value = "";
  try {
    for await (const chunk of stdin) {
      for (const ch of chunk as string) {
        if (ch === "\r" || ch === "\n") return value;
        if (ch === "\u0003") throw new Error("취소했습니다");
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    }
    return value;
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stderr.write("\n");
  }
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if (command !== "set-password" || !email || email.startsWith("--")) {
    process.stderr.write(
      command && command !== "set-password"
        ? `알 수 없는 명령입니다: ${command}\n\n${USAGE}`
        : USAGE,
    );
    return 2;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
    process.stderr.write(`이메일 주소가 올바르지 않습니다: ${email}\n`);
    return 2;
  }
  const named: string[] = [];
  let role: Role | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const roleValue =
      arg === "--role" ? (rest[++i] ?? "") : arg.startsWith("--role=") ? arg.slice(7) : null;
    if (roleValue !== null) {
      if (!isRole(roleValue)) {
        process.stderr.write(
          `역할이 올바르지 않습니다: ${roleValue || "(없음)"} (${ROLES.join(", ")} 중 하나)\n`,
        );
        return 2;
      }
      role = roleValue;
      continue;
    }
    const value = arg === "--site" ? rest[++i] : arg.startsWith("--site=") ? arg.slice(7) : null;
    if (value === null) {
      process.stderr.write(`알 수 없는 인자입니다: ${arg}\n\n${USAGE}`);
      return 2;
    }
    if (!value || !SITE_ID.test(value)) {
      process.stderr.write(`단지 ID가 올바르지 않습니다: ${value ?? "(없음)"}\n`);
      return 2;
    }
    if (!named.includes(value)) named.push(value);
  }
  const sites: AdminSites = named.length ? named.sort() : ALL_SITES;
  if (role) {
    const problem = scopeProblem(role, sites);
    if (problem) {
      process.stderr.write(`${problem}. 바꾸지 않았습니다.\n`);
      return 2;
    }
  }
  const read = passwordFromInput(await readInput());
  if (!read.ok) {
    process.stderr.write(`${read.message} 바꾸지 않았습니다.\n`);
    return 1;
  }
  const password = read.password;
  const weak = passwordProblem(password);
  if (weak) {
    process.stderr.write(`${weak} 바꾸지 않았습니다.\n`);
    return 1;
  }
  const db = await getDb();
  const before = await db.get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [
    email.trim().toLowerCase(),
  ]);
  const accessBefore = before ? await adminAccess(before.id) : undefined;
  // Without --role: the account's role when it fits the complexes given, else the default.
  const kept =
    accessBefore && !scopeProblem(accessBefore.role, sites) ? accessBefore.role : undefined;
  const finalRole: Role = role ?? kept ?? (sites === ALL_SITES ? "agency" : "editor");
  const result = await upsertAdmin(email, password, { sites, role: finalRole });
  const admin = await db.get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [
    email.trim().toLowerCase(),
  ]);
  const ended = admin && result !== "unchanged" ? await destroySessionsOf(admin.id) : 0;
  const what = {
    created: "관리자 계정을 만들었습니다",
    updated: "비밀번호를 바꿨습니다",
    unchanged: "비밀번호가 같아 바꾸지 않았습니다",
  }[result];
  const now = describeScope(finalRole, sites);
  const then = accessBefore ? describeScope(accessBefore.role, accessBefore.sites) : now;
  const scope =
    then !== now ? ` 역할과 범위를 바꿨습니다: ${then} → ${now}.` : ` 역할과 범위: ${now}.`;
  const disabled = accessBefore?.disabled
    ? " 이 계정은 사용 중지 상태입니다 (계정 관리 화면에서 다시 사용하게 할 수 있습니다)."
    : "";
  console.log(
    `${email.trim().toLowerCase()}: ${what}.${scope}${ended ? ` 로그인된 세션 ${ended}개를 끝냈습니다.` : ""}${disabled}`,
  );
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`실패했습니다: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
