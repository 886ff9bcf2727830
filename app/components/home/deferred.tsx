import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from "react";
import { useFetchers, useLocation, useNavigation } from "react-router";

/*
 * Parts of the page whose code stays out of the first download (the inline form with the
 * validation rules it shares with the server, the VR viewer of a phone accordion). The server
 * renders them as usual (`server` is the component itself there), so the HTML is complete and
 * works as it does without JavaScript — the form posts natively to the page's action. In the
 * browser their code loads on the visitor's first interaction with the page (a tap, a key, focus,
 * a wheel step, a scroll), and React then hydrates them in place.
 *
 * A part that is not hydrated yet cannot take an update: React would have to hydrate it first, and
 * a router update (a transition) would wait for its code. So the parts are memoised (pass props that
 * stay the same: strings, module-level objects), and any router activity — a navigation, a form
 * being sent, a new location — releases the code at once, so nothing waits for long.
 *
 * Usage, in the module that shows it (the `import.meta.env.SSR` branch is dropped from the
 * browser's bundle):
 *   const ServerX = import.meta.env.SSR ? (await import("./x")).X : null;
 *   const DeferredX = deferred(ServerX, () => import("./x").then((m) => m.X));
 */

let release: () => void = () => {};
const released = new Promise<void>((resolve) => (release = resolve));
const INTERACTIONS = [
  "pointerdown",
  "keydown",
  "focusin",
  "input",
  "wheel",
  "touchstart",
  "scroll",
  "popstate",
];
let listening = false;

function releaseOnInteraction() {
  if (listening) return;
  listening = true;
  const go = () => {
    release();
    for (const type of INTERACTIONS) window.removeEventListener(type, go, true);
  };
  for (const type of INTERACTIONS)
    window.addEventListener(type, go, { capture: true, passive: true });
}

export function deferred<P extends object>(
  server: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Client = lazy(() => released.then(load).then((component) => ({ default: component })));

  function Deferred(props: P) {
    const navigation = useNavigation();
    const fetchers = useFetchers();
    const { key } = useLocation();
    const [firstKey] = useState(key);
    // Router activity needs every part hydrated (see above): released during that render.
    if (navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle") || key !== firstKey)
      release();
    useEffect(releaseOnInteraction, []);
    const Component = server ?? Client;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return memo(Deferred) as unknown as ComponentType<P>;
}
