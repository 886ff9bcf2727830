/*
 * A form being sent keeps its submit button focusable. A disabled button drops the keyboard focus
 * to the page (Chromium, Firefox), so a keyboard user pressing Enter on it starts again from the
 * top; `aria-disabled` says the same to assistive technology and keeps the focus, and the form
 * refuses a second sending itself.
 */
import type { FormEvent } from "react";

/** The submit button's props while its form is being sent. */
export const busyButton = (busy: boolean) => ({ "aria-disabled": busy || undefined });

/** The form's onSubmit: a second press while the first sending is under way sends nothing. */
export const refuseWhileBusy = (busy: boolean) => (event: FormEvent) => {
  if (busy) event.preventDefault();
};
