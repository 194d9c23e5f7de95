import type { z } from "zod/v4";

/**
 * A field's own message for when the form did not send it at all (what zod 3 called `required_error`);
 * any other issue keeps zod's message, so a wrong type is still told apart from a missing field.
 */
export function whenMissing(message: string): { error: z.core.$ZodErrorMap } {
  return { error: (issue) => (issue.input === undefined ? message : undefined) };
}
