import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { Link, useLocation } from "react-router";

type RegistrationApi = { isOpen: boolean; open: () => void; close: () => void };

const RegistrationContext = createContext<RegistrationApi | null>(null);

/** Key in `history.state` of the entry pushed while the popup is open. */
const MARKER = "registrationPopup";

type HistoryState = { key?: string; [MARKER]?: true } | null;
const historyState = () => window.history.state as HistoryState;

/*
 * Moves between the router's history entry and the popup's marker copy of it are not navigations:
 * this listener handles them and keeps them from the router. It must run before the router's own
 * popstate listener, and listeners on window run in the order they were added, so it is added when
 * this module loads — the route modules load before the router is created
 * (docs/decisions/003-popup-history-entry.md).
 */
const popupHistory: { setOpen: ((open: boolean) => void) | null; pageKey: string } = {
  setOpen: null,
  pageKey: "default",
};
if (typeof window !== "undefined") {
  window.addEventListener("popstate", (event) => {
    const state = event.state as HistoryState;
    // Another page's entry: a real navigation, the router's business.
    if (!popupHistory.setOpen || (state?.key ?? "default") !== popupHistory.pageKey) return;
    event.stopImmediatePropagation();
    popupHistory.setOpen(Boolean(state?.[MARKER]));
  });
}

/**
 * Holds whether the registration popup is open; every trigger opens it through `useRegistration`.
 *
 * Opening pushes a history entry that copies the router's entry (same URL, same key) plus a marker,
 * so the browser's Back button closes the popup instead of leaving the page. Closing by button or
 * Escape pops the marker entry, so history stays as it was.
 */
export function RegistrationProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const location = useLocation();

  const open = useCallback(() => {
    if (!historyState()?.[MARKER]) {
      window.history.pushState({ ...historyState(), [MARKER]: true }, "");
    }
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    if (historyState()?.[MARKER]) window.history.back();
  }, []);

  useEffect(() => {
    popupHistory.setOpen = setOpen;
    return () => {
      popupHistory.setOpen = null;
    };
  }, []);

  // A navigation (another page) closes the popup.
  useEffect(() => {
    popupHistory.pageKey = location.key;
    setOpen(false);
  }, [location.key]);

  const api = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close]);
  return <RegistrationContext.Provider value={api}>{children}</RegistrationContext.Provider>;
}

export function useRegistration(): RegistrationApi {
  const api = useContext(RegistrationContext);
  if (!api) throw new Error("useRegistration must be used inside RegistrationProvider");
  return api;
}

/** URL of the registration form as a page: where triggers go when JavaScript is off. */
export const REGISTER_PATH = "/register";

/**
 * A button-like link that opens the registration popup. Without JavaScript it is a plain
 * link to the registration page, so the visitor can still register. As a router link it also
 * lets the router learn the registration route early and load its code on intent, so the
 * popup's form can be sent (and report a lost connection) without fetching code at that moment.
 */
export function RegisterTrigger({
  className,
  children,
  label,
}: {
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  const { open } = useRegistration();
  return (
    <Link
      to={REGISTER_PATH}
      prefetch="intent"
      role="button"
      className={className}
      aria-label={label}
      aria-haspopup="dialog"
      data-register-trigger=""
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
          return;
        event.preventDefault();
        open();
      }}
    >
      {children}
    </Link>
  );
}
