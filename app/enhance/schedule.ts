import type { Milestone } from "~/content/schema";
import { keptTogether } from "./keep-together";
import {
  dDayLabel,
  milestoneState,
  milestoneTitle,
  milestoneWhen,
  nextMilestone,
} from "~/lib/schedule";

/*
 * The sale schedule's parts that depend on today (components/schedule/schedule-list.tsx): the D-day
 * badges, the "next" mark of a schedule list, and the home page's next-milestone chip. Counted in
 * Korean time from the browser's clock, and again every minute, so a page left open overnight
 * moves on by itself.
 */

const REFRESH_MS = 60_000;
let timer = 0;

function milestonesOf(root: HTMLElement): Milestone[] {
  const data = root.querySelector(':scope > script[type="application/json"]');
  try {
    return JSON.parse(data?.textContent ?? "[]") as Milestone[];
  } catch {
    return [];
  }
}

function span(className: string, text: string): HTMLSpanElement {
  const el = document.createElement("span");
  el.className = className;
  el.append(...keptTogether(text));
  return el;
}

function updateList(list: HTMLElement, milestones: Milestone[], now: number) {
  const next = nextMilestone(milestones, now);
  for (const m of milestones) {
    const item = list.querySelector<HTMLElement>(`:scope > li[data-key="${m.key}"]`);
    if (!item) continue;
    const isNext = m === next;
    item.dataset.state = milestoneState(m, now).kind;
    if (isNext) {
      item.dataset.next = "true";
      item.setAttribute("aria-current", "step");
    } else {
      delete item.dataset.next;
      item.removeAttribute("aria-current");
    }
    const badge = item.querySelector(".milestone-badge");
    if (!badge) continue;
    const parts = m.date
      ? [...(isNext ? [span("sr-only", "다음 일정")] : []), span("dday", dDayLabel(m, now))]
      : [];
    badge.replaceChildren(...parts);
  }
}

function updateChip(box: HTMLElement, milestones: Milestone[], now: number) {
  const next = nextMilestone(milestones, now);
  const current = box.querySelector(".next-milestone");
  if (!next) {
    current?.remove();
    return;
  }
  const chip = document.createElement("a");
  chip.className = "next-milestone";
  chip.href = box.dataset.href ?? "";
  chip.append(
    span("next-milestone-label", "다음 일정"),
    span("next-milestone-title", milestoneTitle(next)),
    span("next-milestone-when", milestoneWhen(next)),
    span("dday", dDayLabel(next, now)),
  );
  // Replaced only when its text changes, so its fade-in does not play again every minute.
  if (current?.textContent === chip.textContent) return;
  if (current) current.replaceWith(chip);
  else box.append(chip);
}

function update() {
  const now = Date.now();
  for (const root of document.querySelectorAll<HTMLElement>("[data-schedule]")) {
    const milestones = milestonesOf(root);
    if (root.dataset.schedule === "chip") updateChip(root, milestones, now);
    else updateList(root, milestones, now);
  }
}

export function enhance(): void {
  if (!document.querySelector("[data-schedule]")) return;
  update();
  if (!timer) timer = window.setInterval(update, REFRESH_MS);
}
