import { AppError } from "../../utils/errors.ts";
import type { Translate } from "../../utils/i18n.ts";

/** A refused form post as a page shows it: each field's message, or one message for the whole form. */
export function formErrors(
  e: unknown,
  t: Translate,
): { errors: Record<string, string>; alert: string | null } {
  if (!(e instanceof AppError)) throw e;
  const fields = e.options.fields ?? {};
  return {
    errors: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, t(f.key, f.params)])),
    alert: e.options.fields ? null : t(e.messageKey, e.options.params),
  };
}
