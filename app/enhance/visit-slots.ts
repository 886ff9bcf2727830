import {
  dayChip,
  formatSlot,
  formatVisitDate,
  VISIT_SLOTS_PATH,
  type Availability,
  type DayAvailability,
} from "~/lib/visit-slots";

/*
 * The visit slot picker of a visit form ("방문 희망 일시", app/components/forms/visit-slot-picker.tsx),
 * made live: the server renders a date field and a time list (what a visitor without JavaScript
 * uses); here the availability is fetched (never cached) and the choice becomes the next opening
 * days, then the chosen day's slots with the seats left. Full and past slots are disabled. Until
 * the availability arrives, or when it cannot be had, the plain fields stay. Either way the form
 * sends `visitDate` (YYYY-MM-DD) and `visitTime` (HH:MM). Part of the lead form's module.
 */

export type SlotValue = { date: string; time: string };

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

/** The availability, or null when it could not be had (or is not the expected shape). */
export async function fetchAvailability(signal?: AbortSignal): Promise<Availability | null> {
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
export function slotNote(slot: DayAvailability["slots"][number]): string {
  return slot.state === "past" ? "지남" : slot.state === "full" ? "마감" : `잔여 ${slot.left}`;
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
  // The part under the days that follows the chosen day: its times, a note, the chosen slot.
  let chosenPart: HTMLElement | null = null;

  function plainValue(): SlotValue {
    const date = fieldset.querySelector<HTMLInputElement>('input[name="visitDate"]');
    const time = fieldset.querySelector<HTMLSelectElement>('select[name="visitTime"]');
    return { date: date?.value ?? "", time: time?.value ?? "" };
  }

  function renderDays(days: DayAvailability[]): HTMLElement {
    return el(
      "div",
      { class: "visit-days", role: "radiogroup", "aria-label": "방문 희망일" },
      ...days.map((d) => {
        const chip = dayChip(d.date);
        const full = !d.slots.some((s) => s.state === "open");
        const input = el("input", { type: "radio", name: "visitDate", value: d.date });
        input.checked = value.date === d.date;
        return el(
          "label",
          {
            class: "visit-day",
            "data-weekday": chip.weekday,
            "data-full": full ? "true" : undefined,
          },
          input,
          el(
            "span",
            { class: "visit-chip", "aria-hidden": "true" },
            el("span", { class: "visit-chip-day" }, chip.day),
            el("span", { class: "visit-chip-weekday" }, full ? "마감" : chip.weekday),
          ),
          el("span", { class: "sr-only" }, formatVisitDate(d.date) + (full ? " 마감" : "")),
        );
      }),
    );
  }

  function renderChosenPart(): HTMLElement {
    const part = el("div", { class: "visit-choice" });
    const day = availability?.days.find((d) => d.date === value.date);
    if (day) {
      part.append(
        el(
          "div",
          {
            class: "visit-times",
            role: "radiogroup",
            "aria-label": `${formatVisitDate(day.date)} 방문 시간`,
          },
          ...day.slots.map((s) => {
            const input = el("input", { type: "radio", name: "visitTime", value: s.time });
            input.disabled = s.state !== "open";
            input.checked = value.time === s.time;
            return el(
              "label",
              { class: "visit-time", "data-state": s.state },
              input,
              el(
                "span",
                { class: "visit-chip" },
                el("span", { class: "visit-chip-day" }, s.time),
                el("span", { class: "visit-chip-left" }, slotNote(s)),
              ),
            );
          }),
        ),
      );
      if (!day.slots.some((s) => s.state === "open"))
        part.append(
          el(
            "p",
            { class: "visit-empty" },
            "이 날은 예약이 모두 찼습니다. 다른 날짜를 골라 주세요.",
          ),
        );
    }
    if (value.date) {
      const text = value.time
        ? el(
            "span",
            {},
            "선택한 일시: ",
            el("strong", {}, formatSlot(`${value.date}T${value.time}`)),
          )
        : el("span", {}, `${formatVisitDate(value.date)}: 방문 시간을 골라 주세요.`);
      part.append(
        el(
          "p",
          { class: "visit-chosen" },
          text,
          el(
            "button",
            { type: "button", class: "visit-clear", "aria-describedby": `${id}-legend` },
            "선택 해제",
          ),
        ),
      );
    }
    return part;
  }

  /** Puts the live choice in, keeping the focus on the same choice if it was inside. */
  function render() {
    if (!choice || !availability) return;
    const active = document.activeElement;
    const focused =
      active instanceof HTMLInputElement && choice.contains(active)
        ? { name: active.name, value: active.value }
        : null;
    if (availability.days.length === 0) {
      chosenPart = null;
      choice.replaceChildren(
        el("p", { class: "visit-empty" }, "지금은 예약할 수 있는 날짜가 없습니다."),
      );
    } else {
      chosenPart = renderChosenPart();
      choice.replaceChildren(renderDays(availability.days), chosenPart);
    }
    if (focused)
      choice
        .querySelector<HTMLInputElement>(
          `input[name="${focused.name}"][value="${CSS.escape(focused.value)}"]`,
        )
        ?.focus();
  }

  function renderChosen() {
    if (!chosenPart) return;
    const next = renderChosenPart();
    chosenPart.replaceWith(next);
    chosenPart = next;
  }

  function choose(next: SlotValue) {
    value = next;
    onChange();
  }

  choice?.addEventListener("change", (event) => {
    const input = event.target;
    if (!availability || !(input instanceof HTMLInputElement) || input.type !== "radio") return;
    if (input.name === "visitDate") {
      choose({ date: input.value, time: "" });
      renderChosen();
    } else if (input.name === "visitTime") {
      choose({ ...value, time: input.value });
      renderChosen();
    }
  });
  choice?.addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(".visit-clear")) return;
    choose({ ...NO_SLOT });
    for (const radio of choice.querySelectorAll<HTMLInputElement>('input[name="visitDate"]'))
      radio.checked = false;
    renderChosen();
    // The button is gone with the choice: the first day takes the focus.
    choice.querySelector<HTMLInputElement>('input[name="visitDate"]')?.focus();
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
