/** Checking a new password and its confirmation in a form (spec 001 sections 5 and 9). */

/** Minimum length of user names and passwords (spec 001 section 9). */
export const MIN_LENGTH = 5;

/**
 * The field errors of a new `password` and its `confirm`ation: `tooShort` under
 * MIN_LENGTH characters, else `mismatch` when the two differ; none when both are fine.
 */
export function passwordPairErrors(password: string, confirm: string, messages: { tooShort: string; mismatch: string }): { password?: string; confirm?: string } {
  return {
    password: password.length < MIN_LENGTH ? messages.tooShort : undefined,
    confirm: password.length >= MIN_LENGTH && password !== confirm ? messages.mismatch : undefined,
  };
}
