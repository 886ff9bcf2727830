import { data } from "react-router";

/** Any path the site does not know: the root error boundary shows the Korean Not Found page with 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
