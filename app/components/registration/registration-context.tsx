import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

type RegistrationApi = { isOpen: boolean; open: () => void; close: () => void };

const RegistrationContext = createContext<RegistrationApi | null>(null);

/** Holds whether the registration popup is open; every trigger opens it through `useRegistration`. */
export function RegistrationProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
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
 * link to the registration page, so the visitor can still register.
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
    <a
      href={REGISTER_PATH}
      role="button"
      className={className}
      aria-label={label}
      aria-haspopup="dialog"
      data-register-trigger=""
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        open();
      }}
    >
      {children}
    </a>
  );
}
