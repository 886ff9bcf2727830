import type { ReactNode, RefObject } from "react";
import { Form } from "react-router";
import { refuseWhileBusy } from "~/lib/busy-form";

/** A card of a console page: a section named by its heading (`id` is the heading's). */
export function AdminCard({
  id,
  title,
  className = "",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`admin-card ${className}`.trim()} aria-labelledby={id}>
      <h2 id={id} className="admin-card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A console form posted to its page: checked on the server (the browser's checks off), a second
 * press refused while it is being sent. Give `ref` from useFocusFirstInvalid.
 */
export function CheckedForm({
  ref,
  busy,
  children,
}: {
  ref: RefObject<HTMLFormElement | null>;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      ref={ref}
      method="post"
      className="admin-form"
      noValidate
      onSubmit={refuseWhileBusy(busy)}
    >
      {children}
    </Form>
  );
}
