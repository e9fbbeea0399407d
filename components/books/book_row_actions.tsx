/**
 * The row actions of the courses list (SPEC §2.4), as icon buttons with accessible names: view log, rule
 * students, categories, professors, syllabuses, components (blue when the course has components), conditions
 * (blue when conditionStatus is 1), edit, remove. Each appears only with its permission key.
 */
import { t } from "../../utils/i18n.ts";
import type { BookRowSummary } from "./dialog_props.ts";
import type { BookDialogName } from "./dialog_loader.ts";

export const COURSES_KEY = "menu.learningProcesses.learningCourses";

export type BookAction = BookDialogName | "edit" | "remove";

interface ActionSpec {
  action: BookAction;
  /** Suffix of the permission key under COURSES_KEY. */
  permission: string;
  icon: string;
  /** Shown in the accent colour when true (the course has what the action manages). */
  marked?: (book: BookRowSummary) => boolean;
}

export const ACTIONS: readonly ActionSpec[] = [
  { action: "log", permission: "logs", icon: "M12 8v4l3 2M3.5 9a9 9 0 1 1-.4 4M3 4v5h5" },
  {
    action: "ruleStudents",
    permission: "ruleStudents",
    icon:
      "M15 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 3 18.5V20M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7m7 0 2 2 4-4",
  },
  {
    action: "categories",
    permission: "categories",
    icon: "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
  },
  { action: "professors", permission: "professors", icon: "M22 9 12 4 2 9l10 5zM6 11v5c3 2.5 9 2.5 12 0v-5" },
  {
    action: "syllabuses",
    permission: "silabus",
    icon: "M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zm0 0v5h5M9 13h6m-6 4h6",
  },
  {
    action: "components",
    permission: "components",
    icon: "M11 3.05A9 9 0 1 0 20.95 13H11zM14 3.5V10h6.5A8 8 0 0 0 14 3.5",
    marked: (book) => book.componentCount > 0,
  },
  {
    action: "conditions",
    permission: "conditions",
    icon: "M10 6h10M10 12h10M10 18h10M3.5 6l1.5 1.5L7.5 5m-4 7 1.5 1.5 2.5-2.5m-4 7 1.5 1.5 2.5-2.5",
    marked: (book) => book.conditionStatus === 1,
  },
  { action: "edit", permission: "edit", icon: "M4 20h4L19 9l-4-4L4 16zm9-13 4 4" },
  { action: "remove", permission: "remove", icon: "M4 7h16m-10 4v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" },
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
  /** Each action's translated name, looked up once per page rather than once per row. */
  titles: Readonly<Record<string, string>>;
}

export function actionTitles(actions: readonly ActionSpec[]): Record<string, string> {
  return Object.fromEntries(actions.map((a) => [a.action, t(`books.actions.${a.action}`)]));
}

/** The icons, once per page; each button refers to its own (`<use href="#book-icon-…">`). */
export function BookActionIcons() {
  return (
    <svg class="hidden" aria-hidden="true">
      {ACTIONS.map((spec) => (
        <symbol key={spec.action} id={`book-icon-${spec.action}`} viewBox="0 0 24 24">
          <path d={spec.icon} />
        </symbol>
      ))}
    </svg>
  );
}

/**
 * Rendered on the server: the buttons carry their action and the row its course, and the courses page's
 * actions island (islands/books/actions.tsx) answers their clicks, so the table itself ships no JavaScript.
 */
export function BookRowActions({ book, actions, titles }: BookRowActionsProps) {
  const name = book.code || book.id;
  return (
    <div class="book-acts" data-book={JSON.stringify(book)}>
      {actions.map((spec) => {
        const title = titles[spec.action];
        return (
          <button
            key={spec.action}
            type="button"
            class="book-act"
            title={title}
            aria-label={`${title}: ${name}`}
            data-action={spec.action}
            data-marked={spec.marked ? String(spec.marked(book)) : undefined}
          >
            <svg aria-hidden="true">
              <use href={`#book-icon-${spec.action}`} />
            </svg>
          </button>
        );
      })}
    </div>
  );
}
