/*
 * React Router's default browser entry (`react-router reveal entry.client`). It runs after the
 * page's first frame: the server writes the module script inert and starts it then
 * (app/lib/head-priorities.server.ts, docs/decisions/009), so the prerendered page is drawn before
 * any JavaScript is fetched, and hydrated as soon as the code has arrived.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
