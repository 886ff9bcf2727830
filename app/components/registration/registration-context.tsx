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
import {
  popOverlayEntry,
  pushOverlayEntry,
  setOverlayPageKey,
  watchOverlayHistory,
} from "~/components/layout/overlay-history";

type RegistrationApi = { isOpen: boolean; open: () => void; close: () => void };

const RegistrationContext = createContext<RegistrationApi | null>(null);

/** Key in `history.state` of the entry pushed while the popup is open. */
const MARKER = "registrationPopup";

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
    pushOverlayEntry(MARKER);
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    popOverlayEntry(MARKER);
  }, []);

  useEffect(() => watchOverlayHistory(MARKER, setOpen), []);

  // A navigation (another page) closes the popup.
  useEffect(() => {
    setOverlayPageKey(location.key);
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
