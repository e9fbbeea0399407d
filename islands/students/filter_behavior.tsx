/**
 * Makes the students list's server-rendered filter (components/students/filter_form.tsx) live
 * (components/ui/live_filter.ts): the list follows the text as it is typed and a changed choice at once. A
 * school chosen that does not have the chosen program clears the program, which would match nobody. It renders
 * nothing.
 */
import { useEffect } from "preact/hooks";
import { liveFilter } from "../../components/ui/live_filter.ts";

// The ids of components/students/filter_form.tsx (imported, it would bring the form into the page's script).
const FORM_ID = "students-filter";

function clearForeignProgram(control: HTMLInputElement | HTMLSelectElement, form: HTMLFormElement) {
  const program = form.elements.namedItem("programId");
  if (control.name !== "schoolId" || !control.value || !(program instanceof HTMLSelectElement)) return;
  const schoolOf = new Map(
    (form.dataset.programSchools ?? "").split(" ").map((pair) => pair.split(":") as [string, string]),
  );
  if (program.value && schoolOf.get(program.value) !== control.value) program.value = "";
}

export function StudentsFilterBehavior() {
  useEffect(() =>
    liveFilter({
      formId: FORM_ID,
      panelId: `${FORM_ID}-panel`,
      typingMs: 250,
      onChoice: clearForeignProgram,
    }), []);
  return null;
}
