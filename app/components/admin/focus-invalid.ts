import { useEffect, useRef } from "react";

/**
 * For a form whose refusal comes back while the page stays (React Router's action answer): when
 * `answer` arrives, the keyboard focus goes to the form's first field marked aria-invalid. (An
 * answered page without JavaScript does the same with autofocus.) Give the ref to the form.
 */
export function useFocusFirstInvalid(answer: unknown) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);
  return form;
}
