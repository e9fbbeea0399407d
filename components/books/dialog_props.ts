/**
 * What the courses screen (islands/books_page*.tsx) hands every per-course dialog it opens from a row action.
 * The dialogs live in components/books/*_dialog.tsx and are loaded with a dynamic import() on first use, so
 * the page ships none of their code until someone opens one.
 */
export interface BookRowSummary {
  id: number;
  name: string;
  nameEng: string;
  code: string;
  credit: number;
  conditionStatus: 0 | 1;
  componentCount: number;
  /** The course as the row shows it: its removal sends it, so removing a course changed since answers 409. */
  versionstamp: string;
}

export interface BookDialogProps {
  book: BookRowSummary;
  /** The caller's permission keys under menu.learningProcesses.learningCourses (the dialog hides what it may not do). */
  can: readonly string[];
  onClose: () => void;
  /** Something changed that the list shows (flags, counts): the page reloads its rows. */
  onChanged: () => void;
}
