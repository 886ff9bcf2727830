import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Image } from "~/content/schema";
import { Picture } from "~/components/layout/picture";

/*
 * Accordions of the phone layout: native <details> sharing a `name`, so opening one closes the
 * others and tapping the open one closes it, without JavaScript; the browser's find-in-page opens
 * the one holding a match. app/enhance/home.ts does the same closing for browsers that predate
 * the `name` attribute, and starts the premium slider when its accordion first opens.
 */
function AccordionItem({
  group,
  title,
  children,
}: {
  group: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <details className="acc" name={group}>
      <summary className="acc-head">{title}</summary>
      <div className="acc-panel">{children}</div>
    </details>
  );
}

/** One accordion of a group: its title and what opens under it. */
export type AccordionPanel = { title: string; body: ReactNode };

/** A group of accordions, one open at a time, from a table of panels. */
export function AccordionGroup({ group, panels }: { group: string; panels: AccordionPanel[] }) {
  return (
    <div className="acc-group">
      {panels.map((panel) => (
        <AccordionItem key={panel.title} group={group} title={panel.title}>
          {panel.body}
        </AccordionItem>
      ))}
    </div>
  );
}

/** An accordion panel's usual body: an image, a line of text and a link to the full page. */
export function AccordionPicture({
  image,
  text,
  link,
}: {
  image: Image;
  text: string;
  link?: { to: string; label: string };
}) {
  return (
    <>
      <Picture image={image} sizes="100vw" className="acc-img" />
      <p className="acc-text">{text}</p>
      {link ? (
        <Link to={link.to} className="acc-link">
          {link.label}
        </Link>
      ) : null}
    </>
  );
}
