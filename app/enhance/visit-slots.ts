import {
  dayChip,
  formatSlot,
  formatVisitDate,
  VISIT_SLOTS_PATH,
  type Availability,
  type DayAvailability,
  type SlotAvailability,
} from "~/bookings/visit-slots";

/*
 * The visit slot picker of a visit form ("방문 희망 일시", app/components/forms/visit-slot-picker.tsx),
 * made live: the server renders a date field and a time list (what a visitor without JavaScript
 * uses); here the availability is fetched (never cached) and the choice becomes the next opening
 * days, then the chosen day's slots with the seats left. Full and past slots are disabled. Until
 * the availability arrives, or when it cannot be had, the plain fields stay. Either way the form
 * sends `visitDate` (YYYY-MM-DD) and `visitTime` (HH:MM). Part of the lead form's module.
 *
 * The live choice is made once and then changed in place (checked, disabled, notes, labels; a day
 * or time is added or taken away only when the availability no longer has it), never rendered
 * afresh: a radio that has the keyboard's focus stays the same element, so the arrow keys go on
 * from it (issue 17).
 */

type SlotValue = { date: string; time: string };

export type SlotPicker = {
  /** The chosen slot ("" for none). */
  value(): SlotValue;
  /** Chooses a slot (an offered one, or none after a registration). */
  set(value: SlotValue): void;
  /** Fetches the availability again (seats may have changed, ours or someone else's). */
  refresh(): void;
  /** Settles when the first fetch has (the live choice is in) or has failed. */
  ready: Promise<void>;
};

const NO_SLOT: SlotValue = { date: "", time: "" };

/** The pickers made live on this page: each one's fieldset and its fetch of the seats. */
const live = new Map<HTMLElement, () => void>();
let watching = false;

/**
 * A page the browser shows again from its back/forward cache (Back or Forward to it) still shows
 * the seats it had when it was left: each picker in the document fetches them again then.
 */
function refreshWhenShownAgain(fieldset: HTMLElement, load: () => void) {
  // A popup's earlier forms, replaced by a fresh copy at each opening, are let go.
  for (const earlier of live.keys()) if (!earlier.isConnected) live.delete(earlier);
  live.set(fieldset, load);
  if (watching) return;
  watching = true;
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const [shown, reload] of live) if (shown.isConnected) reload();
  });
}

/** The availability, or null when it could not be had (or is not the expected shape). */
async function fetchAvailability(signal?: AbortSignal): Promise<Availability | null> {
  try {
    const res = await fetch(VISIT_SLOTS_PATH, {
      cache: "no-store",
      headers: { Accept: "application/json" },
      signal,
    });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return isAvailability(body) ? body : null;
  } catch {
    return null;
  }
}

export function isAvailability(value: unknown): value is Availability {
  if (!value || typeof value !== "object") return false;
  const days = (value as { days?: unknown }).days;
  return (
    Array.isArray(days) &&
    days.every(
      (d: DayAvailability) =>
        d &&
        typeof d.date === "string" &&
        Array.isArray(d.slots) &&
        d.slots.every((s) => s && typeof s.time === "string" && typeof s.state === "string"),
    )
  );
}

/** What a slot's chip says under its time. */
export function slotNote(slot: SlotAvailability): string {
  return slot.state === "past" ? "지남" : slot.state === "full" ? "마감" : `잔여 ${slot.left}`;
}

/** What `placeChildren` needs of a parent (a DOM element, or a stand-in in the unit test). */
export interface ParentOf<N> {
  readonly firstChild: N | null;
  insertBefore(node: N, child: N | null): unknown;
  removeChild(child: N): unknown;
}

/**
 * Makes `nodes` the children of `parent`, in that order, without taking out or moving a child that
 * stays in its place: the others are removed and the new ones inserted around it (taking an element
 * out of the document, even to put it back at once, takes its focus away).
 */
export function placeChildren<N extends { readonly nextSibling: N | null }>(
  parent: ParentOf<N>,
  nodes: readonly N[],
): void {
  const wanted = new Set(nodes);
  for (let child = parent.firstChild; child; ) {
    const next = child.nextSibling;
    if (!wanted.has(child)) parent.removeChild(child);
    child = next;
  }
  let cursor = parent.firstChild;
  for (const node of nodes) {
    if (node === cursor) cursor = node.nextSibling;
    else parent.insertBefore(node, cursor);
  }
}

type Child = Node | string | null | undefined | false;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs))
    if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Sets what changed only (an unchanged text or attribute is left alone). */
function setText(node: Element, text: string) {
  if (node.textContent !== text) node.textContent = text;
}

function setAttr(node: Element, name: string, value: string | undefined) {
  if (value === undefined) node.removeAttribute(name);
  else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** A radio of the live choice: its label (the chip people see), the radio, the changing parts. */
type Chip = {
  label: HTMLLabelElement;
  input: HTMLInputElement;
  note: HTMLElement;
  spoken?: Element;
};

function dayChipOf(d: DayAvailability): Chip {
  const { day, weekday } = dayChip(d.date);
  const input = el("input", { type: "radio", name: "visitDate", value: d.date });
  const note = el("span", { class: "visit-chip-weekday" });
  const spoken = el("span", { class: "sr-only" });
  const face = el(
    "span",
    { class: "visit-chip", "aria-hidden": "true" },
    el("span", { class: "visit-chip-day" }, day),
    note,
  );
  const label = el("label", { class: "visit-day", "data-weekday": weekday }, input, face, spoken);
  return { label, input, note, spoken };
}

function timeChipOf(s: SlotAvailability): Chip {
  const input = el("input", { type: "radio", name: "visitTime", value: s.time });
  const note = el("span", { class: "visit-chip-left" });
  const face = el(
    "span",
    { class: "visit-chip" },
    el("span", { class: "visit-chip-day" }, s.time),
    note,
  );
  return { label: el("label", { class: "visit-time" }, input, face), input, note };
}

/**
 * The chips of a radio group, one per key: kept while the key is offered (`update` changes them
 * in place), made when it comes, dropped when it goes.
 */
function chipList<T>(group: HTMLElement, key: (item: T) => string, make: (item: T) => Chip) {
  let chips = new Map<string, Chip>();
  return (items: readonly T[], update: (chip: Chip, item: T) => void) => {
    chips = new Map(
      items.map((item) => {
        const chip = chips.get(key(item)) ?? make(item);
        update(chip, item);
        return [key(item), chip];
      }),
    );
    placeChildren<ChildNode>(
      group,
      [...chips.values()].map((c) => c.label),
    );
  };
}

/**
 * Makes the picker in `fieldset` live. `onChange` is called when the visitor changes the choice
 * (the form takes the slot's message away then).
 */
export function enhanceVisitSlots(fieldset: HTMLElement, onChange: () => void): SlotPicker {
  const id = fieldset.dataset.visitPicker ?? "visit";
  const choice = fieldset.querySelector<HTMLElement>("[data-visit-choice]");
  let availability: Availability | null = null;
  let value: SlotValue = plainValue();
  let loading: AbortController | null = null;

  // The live choice's parts, made at the first availability and changed in place from then on.
  const days = el("div", { class: "visit-days", role: "radiogroup", "aria-label": "방문 희망일" });
  const times = el("div", { class: "visit-times", role: "radiogroup" });
  const dayFull = el(
    "p",
    { class: "visit-empty" },
    "이 날은 예약이 모두 찼습니다. 다른 날짜를 골라 주세요.",
  );
  const noDays = el("p", { class: "visit-empty" }, "지금은 예약할 수 있는 날짜가 없습니다.");
  const chosenText = el("span");
  const clear = el(
    "button",
    { type: "button", class: "visit-clear", "aria-describedby": `${id}-legend` },
    "선택 해제",
  );
  const chosen = el("p", { class: "visit-chosen" }, chosenText, clear);

  const syncDays = chipList(days, (d: DayAvailability) => d.date, dayChipOf);
  const syncTimes = chipList(times, (s: SlotAvailability) => s.time, timeChipOf);

  function plainValue(): SlotValue {
    const date = fieldset.querySelector<HTMLInputElement>('input[name="visitDate"]');
    const time = fieldset.querySelector<HTMLSelectElement>('select[name="visitTime"]');
    return { date: date?.value ?? "", time: time?.value ?? "" };
  }

  /** Brings the live choice in line with the availability and the value, in place. */
  function render() {
    if (!choice || !availability) return;
    const active = document.activeElement;
    const hadFocus = active instanceof HTMLElement && choice.contains(active) ? active : null;

    syncDays(availability.days, (c, d) => {
      const full = !d.slots.some((s) => s.state === "open");
      setAttr(c.label, "data-full", full ? "true" : undefined);
      setText(c.note, full ? "마감" : dayChip(d.date).weekday);
      if (c.spoken) setText(c.spoken, formatVisitDate(d.date) + (full ? " 마감" : ""));
      c.input.checked = value.date === d.date;
    });
    const day = availability.days.find((d) => d.date === value.date);
    if (day) {
      setAttr(times, "aria-label", `${formatVisitDate(day.date)} 방문 시간`);
      syncTimes(day.slots, (c, s) => {
        setAttr(c.label, "data-state", s.state);
        setText(c.note, slotNote(s));
        c.input.disabled = s.state !== "open";
        c.input.checked = value.time === s.time;
      });
    }
    if (value.date) {
      const slot = value.time ? formatSlot(`${value.date}T${value.time}`) : "";
      const text = slot
        ? `선택한 일시: ${slot}`
        : `${formatVisitDate(value.date)}: 방문 시간을 골라 주세요.`;
      if (chosenText.textContent !== text)
        chosenText.replaceChildren(...(slot ? ["선택한 일시: ", el("strong", {}, slot)] : [text]));
    }
    placeChildren<ChildNode>(
      choice,
      availability.days.length === 0
        ? [noDays]
        : [
            days,
            ...(day ? [times] : []),
            ...(day && !day.slots.some((s) => s.state === "open") ? [dayFull] : []),
            ...(value.date ? [chosen] : []),
          ],
    );

    // The focused control went (the plain fields the first time, a day no longer offered) or was
    // disabled (its slot filled up): its group's chosen radio, else the first open one, else the
    // chosen or first day takes the focus, so that it never falls to the page.
    if (hadFocus && (!hadFocus.isConnected || hadFocus.matches(":disabled")))
      focusIn(hadFocus.getAttribute("name"));
  }

  function focusIn(name: string | null) {
    const radio = (selector: string) => choice?.querySelector<HTMLInputElement>(selector);
    const target =
      (name === "visitTime" &&
        (radio('input[name="visitTime"]:checked:enabled') ??
          radio('input[name="visitTime"]:enabled'))) ||
      radio('input[name="visitDate"]:checked') ||
      radio('input[name="visitDate"]');
    target?.focus();
  }

  function choose(next: SlotValue) {
    value = next;
    onChange();
    render();
  }

  choice?.addEventListener("change", (event) => {
    const input = event.target;
    if (!availability || !(input instanceof HTMLInputElement) || input.type !== "radio") return;
    if (input.name === "visitDate") choose({ date: input.value, time: "" });
    else if (input.name === "visitTime") choose({ ...value, time: input.value });
  });
  clear.addEventListener("click", () => {
    // The button goes with the choice: the first day takes the focus before it does.
    choice?.querySelector<HTMLInputElement>('input[name="visitDate"]')?.focus();
    choose({ ...NO_SLOT });
  });
  // The plain fields (before the availability arrives, or without it).
  choice?.addEventListener("input", (event) => {
    if (!availability && event.target instanceof HTMLElement) onChange();
  });

  const picker: SlotPicker = {
    value: () => (availability ? { ...value } : plainValue()),
    set(next) {
      value = { ...next };
      if (availability) {
        render();
        return;
      }
      const date = fieldset.querySelector<HTMLInputElement>('input[name="visitDate"]');
      const time = fieldset.querySelector<HTMLSelectElement>('select[name="visitTime"]');
      if (date) date.value = next.date;
      if (time) time.value = next.time;
    },
    refresh() {
      void load();
    },
    ready: Promise.resolve(),
  };
  picker.ready = load();
  refreshWhenShownAgain(fieldset, () => void load());
  return picker;

  async function load() {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    const next = await fetchAvailability(controller.signal);
    if (controller.signal.aborted || !next) return;
    // What the visitor chose in the plain fields meanwhile is carried over.
    if (!availability) value = plainValue();
    availability = next;
    render();
  }
}
