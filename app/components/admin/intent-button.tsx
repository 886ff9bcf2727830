import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * One button posting an intent and its hidden fields (a row's 초대 취소, 되돌리기, …), without
 * JavaScript too. `action`: where it posts (this page when left out).
 */
export function IntentButton({
  intent,
  fields,
  action,
  className,
  buttonClassName,
  children,
}: {
  intent: string;
  fields: Record<string, string | number>;
  action?: string;
  className?: string;
  buttonClassName: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClassName}>
        {children}
      </button>
    </Form>
  );
}
