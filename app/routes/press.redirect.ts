import { replace } from "react-router";
import { content } from "~/content";

/** /Promotion/Press → the default site's press list; a client navigation replaces the history entry. */
export function loader() {
  return replace(`/${content.press.defaultSite}/press`, 301);
}
