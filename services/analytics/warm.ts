/**
 * What a server reads ahead of the first dashboard request, in the background after start-up (main.ts): the
 * registry's figures (after the registry's own snapshot, which they are built from) and the current semester's
 * fill rates. Start-up itself does not wait for it.
 */
import { currentGroupOf, listGroups } from "../academic/semesters.ts";
import { today } from "../timetable/week.ts";
import { fillRates } from "./fill_rates.ts";
import { heldStudents } from "./students.ts";

export async function warmAnalytics(): Promise<void> {
  const group = currentGroupOf(await listGroups(), today());
  await Promise.all([heldStudents(), group ? fillRates(group.value.id, "ka") : null]);
}
