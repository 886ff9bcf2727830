import { lazy, Suspense, useEffect, useState } from "react";
import { useRegistration } from "./registration-context";

// The popup's form (and the validation rules it shares with the server) loads the first time the
// popup opens, or earlier when the visitor points at a trigger (router prefetch of /register),
// so pages that never open it do not carry that code.
const RegistrationDialog = lazy(() =>
  import("./registration-dialog").then((m) => ({ default: m.RegistrationDialog })),
);

export function RegistrationDialogLoader() {
  const { isOpen } = useRegistration();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (isOpen) setOpened(true);
  }, [isOpen]);
  if (!isOpen && !opened) return null;
  return (
    <Suspense fallback={null}>
      <RegistrationDialog />
    </Suspense>
  );
}
