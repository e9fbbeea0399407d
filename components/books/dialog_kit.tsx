/**
 * What every course dialog does the same way: load its data from one API path (with loading, empty and error
 * states), show a refused operation's server message in the shared error dialog, ask yes/no before a removal,
 * and read the caller's permission keys.
 */
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { ConfirmDialog, ErrorDialog, Spinner } from "../ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { InputOf, Operation, ResponseOf } from "../api.ts";
import { t } from "../../utils/i18n.ts";

export const COURSES = "menu.learningProcesses.learningCourses";

/** Whether `can` holds the key `${COURSES}.${suffix}`. */
export const allowed = (can: readonly string[], suffix: string) => can.includes(`${COURSES}.${suffix}`);

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
  setData: (data: T) => void;
}

/** Calls the operation `key` now and on every `reload()`; earlier answers arriving late are dropped. */
export function useLoaded<K extends Operation>(key: K, input: InputOf<K>): Loaded<ResponseOf<K>> {
  type T = ResponseOf<K>;
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const request = JSON.stringify(input);
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    // `key` is one operation, but its rest parameters are too generic for the call's signature here.
    (call as (key: K, input: InputOf<K>, options: { signal: AbortSignal }) => Promise<T>)(key, input, {
      signal: controller.signal,
    })
      .then(setData)
      .catch((e) => {
        if ((e as Error).name === "AbortError") return;
        setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
      });
    return () => controller.abort();
  }, [key, request, round]);
  return { data, error, reload: useCallback(() => setRound((n) => n + 1), []), setData };
}

/** Loading, failed or loaded: the first two shown in place of the content. */
export function LoadState<T>(
  { loaded, children }: { loaded: Loaded<T>; children: (data: T) => ComponentChildren },
) {
  if (loaded.error !== null) return <p class="text-sm text-danger-700" role="alert">{loaded.error}</p>;
  if (loaded.data === null) return <Spinner size="md" label={t("common.loading")} class="mx-auto my-6" />;
  return <>{children(loaded.data)}</>;
}

interface Failure {
  message: string;
  fields: Record<string, string>;
}

export interface Feedback {
  /** Shows an operation's refusal (the server's message) in the shared error dialog. */
  fail: (error: unknown) => void;
  /** Asks yes/no; on yes runs `action` (busy meanwhile), its refusal shown by `fail`. */
  confirm: (message: string, action: () => Promise<unknown>) => void;
  /** The error and confirmation dialogs, to render once inside the dialog's component. */
  dialogs: ComponentChildren;
}

export function useFeedback(idPrefix: string): Feedback {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [asking, setAsking] = useState<{ message: string; action: () => Promise<unknown> } | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = useCallback((error: unknown) => {
    if (error instanceof ApiError) setFailure({ message: error.message, fields: error.fields });
    else if ((error as Error)?.name !== "AbortError") {
      setFailure({ message: t("errors.unexpected"), fields: {} });
    }
  }, []);
  const yes = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await asking.action();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return {
    fail,
    confirm: useCallback((message, action) => setAsking({ message, action }), []),
    dialogs: (
      <>
        <ConfirmDialog
          id={`${idPrefix}-confirm`}
          open={asking !== null}
          title={t("common.confirmTitle")}
          message={asking?.message ?? ""}
          yesLabel={t("common.yes")}
          noLabel={t("common.no")}
          danger
          busy={busy}
          onYes={yes}
          onNo={() => setAsking(null)}
        />
        <ErrorDialog
          id={`${idPrefix}-error`}
          title={t("common.errorTitle")}
          okLabel={t("common.ok")}
          message={failure?.message ?? null}
          fieldErrors={failure?.fields}
          onClose={() => setFailure(null)}
        />
      </>
    ),
  };
}

/** Field errors of a refused save, for the form's inputs; other failures go to the error dialog. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  return error instanceof ApiError && error.status === 422 && Object.keys(error.fields).length
    ? error.fields
    : null;
}

/** A small table with a header row, for the dialogs' lists. */
export function SimpleTable(
  { headers, children, testId }: {
    headers: ComponentChildren[];
    children: ComponentChildren;
    testId?: string;
  },
) {
  return (
    <div class="overflow-x-auto rounded-lg border border-gray-200">
      <table class="min-w-full divide-y divide-gray-200 text-sm" data-testid={testId}>
        <thead class="bg-gray-50">
          <tr>
            {headers.map((h, i) => <th key={i} scope="col" class="ui-th text-start">{h}</th>)}
          </tr>
        </thead>
        <tbody class="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}

export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} class="px-4 py-6 text-center text-gray-500">{text}</td>
    </tr>
  );
}

/** The course a dialog is about, for its title: "CS-101 · Algorithms". */
export function courseLabel(book: { code: string; name: string; nameEng: string; id: number }, lang: string) {
  const name = lang === "en" && book.nameEng ? book.nameEng : book.name;
  return `${book.code || `#${book.id}`} · ${name}`;
}
