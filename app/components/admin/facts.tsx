import type { ReactNode } from "react";

/** One fact of a `<dl>` (an account's, a card's): its name and its value, kept together. */
export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
