import type { ApplicationState } from "../../services/admissions/model.ts";
import type { Translate } from "../../utils/i18n.ts";

const TONE: Record<ApplicationState, string> = {
  submitted: "bg-gray-100 text-gray-800",
  checked: "bg-blue-50 text-blue-800",
  accepted: "bg-green-50 text-green-800",
  rejected: "bg-red-50 text-red-800",
  enrolled: "bg-primary-50 text-primary-800",
};

/** An application's state as a small labelled badge (the text carries the meaning; the colour only helps). */
export function StateBadge({ state, t }: { state: ApplicationState; t: Translate }) {
  return (
    <span class={`rounded px-2 py-0.5 text-xs font-medium ${TONE[state]}`}>
      {t(`admissions.states.${state}`)}
    </span>
  );
}
