/**
 * The row actions of the courses list (SPEC §2.4), as icon buttons with accessible names: view log, rule
 * students, categories, professors, syllabuses, components (blue when the course has components), conditions
 * (blue when conditionStatus is 1), edit, remove. Each appears only with its permission key.
 */
import { t } from "../../utils/i18n.ts";
import { ICONS } from "../ui/icons.tsx";
import type { BookRowSummary } from "./dialog_props.ts";
import type { BookDialogName } from "./dialog_loader.ts";
import { actionNameId } from "./action_name.ts";
import { packBook } from "./row_data.ts";

export const COURSES_KEY = "menu.learningProcesses.learningCourses";

export type BookAction = BookDialogName | "edit" | "remove";

interface ActionSpec {
  action: BookAction;
  /** Suffix of the permission key under COURSES_KEY. */
  permission: string;
  /** Its path in the app's icon set (ui/icons.tsx), drawn by styles/icons.css. */
  icon: string;
  /** Shown in the accent colour when true (the course has what the action manages). */
  marked?: (book: BookRowSummary) => boolean;
}

export const ACTIONS: readonly ActionSpec[] = [
  { action: "log", permission: "logs", icon: ICONS.history },
  { action: "ruleStudents", permission: "ruleStudents", icon: ICONS.userCheck },
  { action: "categories", permission: "categories", icon: ICONS.folder },
  { action: "professors", permission: "professors", icon: ICONS.graduation },
  { action: "syllabuses", permission: "silabus", icon: ICONS.document },
  {
    action: "components",
    permission: "components",
    icon: ICONS.pie,
    marked: (book) => book.componentCount > 0,
  },
  {
    action: "conditions",
    permission: "conditions",
    icon: ICONS.checklist,
    marked: (book) => book.conditionStatus === 1,
  },
  { action: "edit", permission: "edit", icon: ICONS.edit },
  { action: "remove", permission: "remove", icon: ICONS.trash },
];

/** The actions a person with keys `can` sees (categories only when the learning system uses them). */
export function visibleActions(can: readonly string[], categories: boolean): readonly ActionSpec[] {
  return ACTIONS.filter((a) =>
    can.includes(`${COURSES_KEY}.${a.permission}`) && (a.action !== "categories" || categories)
  );
}

export interface BookRowActionsProps {
  book: BookRowSummary;
  actions: readonly ActionSpec[];
  /** The id of the row's element that names the course (its code, or its name when it has none). */
  namedBy: string;
}

/**
 * The actions' names, once per page, hidden: every row's buttons are named by pointing at them and at the
 * row's course (aria-labelledby), where fifteen rows of nine buttons repeated them in a title and a label
 * (14 KB of a 67 KB page). The actions island shows the name as a tooltip when a button is pointed at.
 */
export function ActionNames({ actions }: { actions: readonly ActionSpec[] }) {
  return (
    <div hidden>
      {actions.map((spec) => (
        <span key={spec.action} id={actionNameId(spec.action)}>{t(`books.actions.${spec.action}`)}</span>
      ))}
    </div>
  );
}

/**
 * Rendered on the server: the buttons carry their action and the row its course, and the courses page's
 * actions island (islands/books/actions.tsx) answers their clicks, so the table itself ships no JavaScript.
 */
export function BookRowActions({ book, actions, namedBy }: BookRowActionsProps) {
  return (
    <div class="book-acts" data-book={packBook(book)}>
      {actions.map((spec) => (
        <button
          key={spec.action}
          type="button"
          aria-labelledby={`${actionNameId(spec.action)} ${namedBy}`}
          data-action={spec.action}
          data-marked={spec.marked ? String(spec.marked(book)) : undefined}
        />
      ))}
    </div>
  );
}
