/*
 * The stamp-tax calculator (components/sales/stamp-tax-calculator.tsx): the result follows the
 * input as the visitor types, "계산하기" explains bad input in Korean, and a price sent before the
 * script ran (?price=, the form's native GET) is computed on arrival.
 */
import {
  buyerShare,
  formatWon,
  parsePrice,
  STAMP_TAX_BRACKETS,
  stampTaxBracket,
} from "~/lib/stamp-tax";

export function enhance(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-stamp-tax]")) {
    if (root.dataset.enhanced) continue;
    root.dataset.enhanced = "true";
    enhanceCalculator(root);
  }
}

function enhanceCalculator(root: HTMLElement) {
  const form = root.querySelector("form");
  const input = root.querySelector<HTMLInputElement>("input[name='price']");
  const error = root.querySelector<HTMLElement>(".stamp-error");
  const hint = root.querySelector<HTMLElement>(".stamp-hint");
  const template = root.querySelector<HTMLTemplateElement>(".stamp-result template");
  if (!form || !input || !error || !hint || !template) return;
  const percent = Number(root.dataset.buyerSharePercent);
  const rows = [...root.querySelectorAll<HTMLTableRowElement>(".stamp-table tbody tr")];
  let figures: HTMLElement | null = null;

  function showError(message: string | null) {
    error!.textContent = message ?? "";
    error!.hidden = message === null;
    if (message === null) {
      input!.removeAttribute("aria-invalid");
      input!.removeAttribute("aria-describedby");
    } else {
      input!.setAttribute("aria-invalid", "true");
      input!.setAttribute("aria-describedby", error!.id);
    }
  }

  function showResult(price: number | null) {
    figures?.remove();
    figures = null;
    hint!.hidden = price !== null;
    const bracket = price === null ? null : stampTaxBracket(price);
    rows.forEach((row, i) => {
      const active = bracket !== null && STAMP_TAX_BRACKETS[i] === bracket;
      row.classList.toggle("is-active", active);
      if (active) row.setAttribute("aria-current", "true");
      else row.removeAttribute("aria-current");
    });
    if (price === null || bracket === null) return;
    const fragment = template!.content.cloneNode(true) as DocumentFragment;
    const values: Record<string, string> = {
      price: formatWon(price),
      bracket: bracket.label,
      tax: bracket.tax === 0 ? "0원 (비과세)" : formatWon(bracket.tax),
      share: formatWon(buyerShare(bracket.tax, percent)),
    };
    for (const dd of fragment.querySelectorAll<HTMLElement>("[data-field]"))
      dd.textContent = values[dd.dataset.field ?? ""] ?? "";
    figures = fragment.firstElementChild as HTMLElement;
    template!.before(fragment);
  }

  function update(text: string, requireValue: boolean) {
    if (text.trim() === "" && !requireValue) {
      showResult(null);
      showError(null);
      return;
    }
    const parsed = parsePrice(text);
    showResult(parsed.ok ? parsed.price : null);
    showError(parsed.ok ? null : parsed.message);
  }

  input.addEventListener("input", () => update(input.value, false));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update(input.value, true);
  });
  const fromUrl = new URLSearchParams(window.location.search).get("price");
  if (fromUrl !== null) {
    input.value = fromUrl;
    update(fromUrl, true);
  }
}
