/** The registration popup arrives with the lead-intake issue. */
export function RegistrationDialog() {
  return null;
}
