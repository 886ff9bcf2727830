/*
 * The work on a card: a contact attempt logged (its result, 관심도, note and next contact), a status
 * set by hand, the card given to a consultant or taken by one, its memo. Each change is one transaction with its timeline event. Who may change a
 * card: an administrator of the complex, or the consultant the card is given to (cardRights).
 */
import { randomUUID } from "node:crypto";
import { getDb, type Queryable } from "~/db/db.server";
import {
  isCallResult,
  isCustomerStatus,
  isInterest,
  NOTE_MAX,
  STATUS_STAGE,
  type CallResult,
  type CustomerStatus,
} from "~/crm/crm";
import { kstInputToIso } from "~/lib/korean-time";
import { MEMO_MAX } from "~/crm/lead-desk";
import type { Role } from "~/lib/roles";
import { assign, event, setStatus } from "./customers.server";

/** Who is working the desk. */
export type Viewer = { adminId: string; email: string; role: Role };

/** What a viewer may do with a card given to consultantId (or to nobody). */
export function cardRights(viewer: Viewer, consultantId: string | null) {
  const own = viewer.role !== "consultant" || consultantId === viewer.adminId;
  return {
    /** The whole phone number, calls, status, memo. */
    work: own,
    /** Give the card to anyone (administrators). */
    reassign: viewer.role !== "consultant",
    /** Take a card nobody has (consultants). */
    claim: viewer.role === "consultant" && consultantId === null,
  };
}

export const CALL_MESSAGES = {
  saved: "통화 기록을 저장했습니다.",
  statusSaved: "상태를 바꿨습니다.",
  assigned: "담당 상담원을 바꿨습니다.",
  claimed: "이 고객을 맡았습니다.",
  memoSaved: "메모를 저장했습니다.",
  notFound: "고객 카드를 찾을 수 없습니다. 보관 기간이 지나 삭제되었을 수 있습니다.",
  notYours: "담당 상담원만 기록할 수 있습니다.",
  takenAlready: "다른 상담원이 먼저 맡았습니다.",
  badResult: "통화 결과를 골라 주세요.",
  badInterest: "관심도는 A, B, C 중에서 골라 주세요.",
  badNext: "다음 연락 일시를 날짜와 시간으로 입력해 주세요 (예: 2026-12-01 10:00).",
  nextInPast: "다음 연락 일시는 지금 이후로 입력해 주세요.",
  noteTooLong: `통화 메모는 ${NOTE_MAX}자 이내로 입력해 주세요.`,
  memoTooLong: `메모는 ${MEMO_MAX}자 이내로 입력해 주세요.`,
  badStatus: "상태를 목록에서 골라 주세요.",
  badConsultant: "이 단지의 상담원을 목록에서 골라 주세요.",
} as const;

export type WorkResult =
  | { ok: true; message: string }
  | { ok: false; message: string; field?: string };

type Card = {
  id: string;
  status: CustomerStatus;
  stage: number;
  consultant_id: string | null;
  memo: string;
};

async function cardFor(tx: Queryable, siteId: string, customerId: string) {
  return tx.get<Card>(
    "SELECT id, status, stage, consultant_id, memo FROM customers WHERE id = $1 AND site_id = $2",
    [customerId, siteId],
  );
}

/**
 * Runs `work` on the card in one transaction when it exists and the viewer has the right `need`
 * on it; answers the refusal otherwise.
 */
async function onCard(
  siteId: string,
  customerId: string,
  viewer: Viewer,
  need: "work" | "reassign" | "claim",
  work: (tx: Queryable, card: Card) => Promise<WorkResult>,
): Promise<WorkResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const card = await cardFor(tx, siteId, customerId);
    if (!card) return { ok: false, message: CALL_MESSAGES.notFound };
    // A card taken meanwhile is the first taker's (claim answers 다른 상담원이 먼저 맡았습니다).
    const rights = cardRights(viewer, need === "claim" ? null : card.consultant_id);
    if (!rights[need]) return { ok: false, message: CALL_MESSAGES.notYours };
    return work(tx, card);
  });
}

const clean = (s: unknown) =>
  String(s ?? "")
    .replace(/\r\n?/g, "\n")
    .trim();

/** The status a call leaves the card in, or null to leave it. */
function statusAfterCall(status: CustomerStatus, result: CallResult): CustomerStatus | null {
  const stage = STATUS_STAGE[status];
  if (result === "visit_promised")
    return stage === null || stage < STATUS_STAGE.visit_booked! ? "visit_booked" : null;
  if (result === "wrong_number")
    return status === "new" || status === "counseling" ? "invalid" : null;
  return status === "new" ? "counseling" : null;
}

/**
 * Logs a contact attempt on a card. `nextDate` ("2026-12-01") and `nextTime` ("10:00", default
 * 10:00) are Korean time; no date clears the next contact (the time alone means nothing: the form
 * always offers one).
 */
export async function logCall(
  siteId: string,
  customerId: string,
  viewer: Viewer,
  input: {
    result: unknown;
    note: unknown;
    interest: unknown;
    nextDate: unknown;
    nextTime: unknown;
  },
  now: Date = new Date(),
): Promise<WorkResult> {
  if (!isCallResult(input.result))
    return { ok: false, message: CALL_MESSAGES.badResult, field: "result" };
  const interestRaw = clean(input.interest);
  if (interestRaw && !isInterest(interestRaw))
    return { ok: false, message: CALL_MESSAGES.badInterest, field: "interest" };
  const note = clean(input.note);
  if (note.length > NOTE_MAX)
    return { ok: false, message: CALL_MESSAGES.noteTooLong, field: "note" };
  const nextDate = clean(input.nextDate);
  const nextTime = clean(input.nextTime);
  let next: string | null = null;
  if (nextDate) {
    next = kstInputToIso(`${nextDate}T${nextTime || "10:00"}`);
    if (!next) return { ok: false, message: CALL_MESSAGES.badNext, field: "nextDate" };
    if (next <= now.toISOString())
      return { ok: false, message: CALL_MESSAGES.nextInPast, field: "nextDate" };
  }
  const result = input.result;
  const at = now.toISOString();
  return onCard(siteId, customerId, viewer, "work", async (tx, card) => {
    await tx.run(
      `INSERT INTO customer_calls (id, site_id, customer_id, admin_id, admin_email, at, result, note,
         interest, next_contact_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $6)`,
      [
        randomUUID(),
        siteId,
        customerId,
        viewer.adminId,
        viewer.email,
        at,
        result,
        note,
        interestRaw || null,
        next,
      ],
    );
    await tx.run(
      `UPDATE customers SET calls = calls + 1, last_result = $2, last_call_at = $3,
         interest = COALESCE($4, interest), next_contact_at = $5,
         last_at = CASE WHEN last_at < $3 THEN $3 ELSE last_at END
       WHERE id = $1`,
      [customerId, result, at, interestRaw || null, next],
    );
    const after = statusAfterCall(card.status, result);
    if (after) await setStatus(tx, siteId, customerId, card.status, after, at, viewer);
    return { ok: true, message: CALL_MESSAGES.saved } as const;
  });
}

/** Sets the card's status by hand (방문 완료, 계약, 보류…). */
export async function changeStatus(
  siteId: string,
  customerId: string,
  viewer: Viewer,
  status: unknown,
  now: Date = new Date(),
): Promise<WorkResult> {
  if (!isCustomerStatus(status))
    return { ok: false, message: CALL_MESSAGES.badStatus, field: "status" };
  return onCard(siteId, customerId, viewer, "work", async (tx, card) => {
    if (card.status !== status)
      await setStatus(tx, siteId, customerId, card.status, status, now.toISOString(), viewer);
    return { ok: true, message: CALL_MESSAGES.statusSaved } as const;
  });
}

/** Saves the card's memo (what the team keeps about the person, beside the calls' notes). */
export async function saveMemo(
  siteId: string,
  customerId: string,
  viewer: Viewer,
  memo: unknown,
  now: Date = new Date(),
): Promise<WorkResult> {
  const text = clean(memo);
  if (text.length > MEMO_MAX)
    return { ok: false, message: CALL_MESSAGES.memoTooLong, field: "memo" };
  return onCard(siteId, customerId, viewer, "work", async (tx, card) => {
    if (card.memo !== text) {
      const at = now.toISOString();
      await tx.run("UPDATE customers SET memo = $2, memo_at = $3 WHERE id = $1", [
        customerId,
        text,
        at,
      ]);
      await event(tx, siteId, customerId, at, "memo", null, null, viewer);
    }
    return { ok: true, message: CALL_MESSAGES.memoSaved } as const;
  });
}

/** Gives the card to a consultant of the complex, or to nobody (""), by an administrator. */
export async function reassign(
  siteId: string,
  customerId: string,
  viewer: Viewer,
  consultantId: unknown,
  now: Date = new Date(),
): Promise<WorkResult> {
  const to = String(consultantId ?? "") || null;
  return onCard(siteId, customerId, viewer, "reassign", async (tx, card) => {
    if (to && !(await isConsultantOf(tx, siteId, to)))
      return { ok: false, message: CALL_MESSAGES.badConsultant, field: "consultant" } as const;
    if (card.consultant_id !== to)
      await assign(tx, siteId, customerId, card.consultant_id, to, now.toISOString(), viewer);
    return { ok: true, message: CALL_MESSAGES.assigned } as const;
  });
}

/** A consultant takes a card nobody has; the first of two wins. */
export async function claim(
  siteId: string,
  customerId: string,
  viewer: Viewer,
  now: Date = new Date(),
): Promise<WorkResult> {
  return onCard(siteId, customerId, viewer, "claim", async (tx) => {
    const at = now.toISOString();
    const taken = await tx.run(
      `UPDATE customers SET consultant_id = $2, assigned_at = $3
       WHERE id = $1 AND consultant_id IS NULL`,
      [customerId, viewer.adminId, at],
    );
    if (taken.changes === 0) return { ok: false, message: CALL_MESSAGES.takenAlready } as const;
    await event(tx, siteId, customerId, at, "assign", null, viewer.adminId, viewer);
    return { ok: true, message: CALL_MESSAGES.claimed } as const;
  });
}

async function isConsultantOf(tx: Queryable, siteId: string, adminId: string): Promise<boolean> {
  return Boolean(
    await tx.get(
      `SELECT a.id FROM admins a JOIN admin_sites s ON s.admin_id = a.id AND s.site_id = $1
       WHERE a.id = $2 AND a.role = 'consultant' AND a.disabled_at IS NULL`,
      [siteId, adminId],
    ),
  );
}
