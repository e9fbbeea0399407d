/**
 * The per-course dialogs, each loaded with a dynamic import() on its first use: the courses page ships none
 * of their code until someone opens one (the page's JavaScript budget is 30 KB gzip before a dialog opens).
 * Every dialog takes the same props (dialog_props.ts).
 */
import type { ComponentType } from "preact";
import type { BookDialogProps } from "./dialog_props.ts";

export type BookDialogName =
  | "log"
  | "ruleStudents"
  | "categories"
  | "professors"
  | "syllabuses"
  | "components"
  | "conditions";

type Loader = () => Promise<ComponentType<BookDialogProps>>;

const LOADERS: Record<BookDialogName, Loader> = {
  log: () => import("./log_dialog.tsx").then((m) => m.LogDialog),
  ruleStudents: () => import("./rule_students_dialog.tsx").then((m) => m.RuleStudentsDialog),
  categories: () => import("./categories_dialog.tsx").then((m) => m.CategoriesDialog),
  professors: () => import("./professors_dialog.tsx").then((m) => m.ProfessorsDialog),
  syllabuses: () => import("./syllabuses_dialog.tsx").then((m) => m.SyllabusesDialog),
  components: () => import("./components_dialog.tsx").then((m) => m.ComponentsDialog),
  conditions: () => import("./conditions_dialog.tsx").then((m) => m.ConditionsDialog),
};

const loaded = new Map<BookDialogName, Promise<ComponentType<BookDialogProps>>>();

/** The dialog's component, imported once (a failed import is tried again on the next click). */
export function loadBookDialog(name: BookDialogName): Promise<ComponentType<BookDialogProps>> {
  let pending = loaded.get(name);
  if (!pending) {
    pending = LOADERS[name]();
    pending.catch(() => loaded.delete(name));
    loaded.set(name, pending);
  }
  return pending;
}
