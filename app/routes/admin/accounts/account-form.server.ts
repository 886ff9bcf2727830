/*
 * What the account forms share on the server (the invitation on /admin/accounts, an account's own
 * page): the complexes to choose from, and the sent role and complexes (and e-mail, or the account's
 * own mobile number) read and checked.
 */
import { checkAccountForm, type AccountFormValues, type ComplexOption } from "~/lib/accounts";
import { field } from "~/http/form.server";
import { allSites } from "~/sites/registry.server";

/** The complexes an account can be given, as the forms list them. */
export const complexOptions = (): ComplexOption[] =>
  allSites().map((s) => ({ id: s.id, name: s.identity.name }));

/** The sent form's values (kept for the answer, so nothing typed is lost) and their check. */
export function readAccountForm(form: FormData, { withEmail }: { withEmail: boolean }) {
  const values: AccountFormValues = {
    email: withEmail ? field(form, "email") : "",
    role: field(form, "role"),
    sites: form.getAll("sites").filter((v): v is string => typeof v === "string"),
    // The invitation asks for no phone (the account's page sets it).
    phone: withEmail ? "" : field(form, "phone"),
  };
  const known = complexOptions().map((c) => c.id);
  return { values, checked: checkAccountForm(values, known, { withEmail }) };
}
