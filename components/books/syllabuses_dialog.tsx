/**
 * The syllabuses dialog (SPEC §9 syllabus 700): one row per semester with the course's syllabus for it —
 * upload (PDF or DOCX, at most 5,000,000 bytes; sent in chunks with a progress bar), download, remove (asks
 * first). The server checks the file's content; this dialog only refuses the obviously wrong before sending.
 */
import { semesterName } from "../../utils/semester_name.ts";
import { useRef, useState } from "preact/hooks";
import { Button, Dialog, ProgressBar } from "../ui/mod.ts";
import { apiUrl } from "../../utils/api_client.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import type { ErrorBody } from "../../utils/errors.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import { courseLabel, EmptyRow, LoadState, SimpleTable, useFeedback, useLoaded } from "./dialog_kit.tsx";
import type { BookDialogProps } from "./dialog_props.ts";

type SemesterRow = ResponseOf<"GET /syllabuses/{bookId}">["data"][number];
/** The upload's answer after each chunk (the body is the file's bytes, so it is sent without the client). */
type Progress = ResponseOf<"POST /syllabuses/{bookId}/{groupId}">;

const K = "bookDialogs.syllabuses";
export const SYLLABUS_MAX_BYTES = 5_000_000;
const CHUNK_BYTES = 512 * 1024;

/** Sends `file` in chunks, reporting the share sent (0–100) after each. */
async function uploadInChunks(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  let uploadId: string | undefined;
  for (let offset = 0; offset < file.size;) {
    const chunk = file.slice(offset, offset + CHUNK_BYTES);
    let response: Response;
    try {
      response = await fetch(apiUrl(path, { name: file.name, size: file.size, offset, uploadId }), {
        method: "POST",
        credentials: "same-origin",
        headers: { accept: "application/json", "content-type": "application/octet-stream" },
        body: chunk,
      });
    } catch {
      throw new ApiError(0, "network", t("errors.network"));
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const error = (body as ErrorBody | null)?.error;
      throw new ApiError(
        response.status,
        error?.code ?? "http",
        error?.message ?? t("errors.unexpected"),
        error?.fields,
      );
    }
    const progress = body as Progress;
    uploadId = progress.uploadId;
    offset = progress.received;
    onProgress(Math.round((offset / file.size) * 100));
    if (progress.status === "finished") return;
  }
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function SyllabusesDialog({ book, onClose }: BookDialogProps) {
  const list = useLoaded("GET /syllabuses/{bookId}", { params: { bookId: book.id } });
  const feedback = useFeedback("syllabuses");
  const [uploading, setUploading] = useState<{ groupId: number; percent: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const target = useRef<number | null>(null);

  const choose = (groupId: number) => {
    target.current = groupId;
    input.current?.click();
  };

  const upload = async (event: Event) => {
    const field = event.currentTarget as HTMLInputElement;
    const file = field.files?.[0];
    field.value = "";
    const groupId = target.current;
    if (!file || groupId === null) return;
    if (file.size > SYLLABUS_MAX_BYTES) {
      return feedback.fail(new ApiError(413, "too_large", t(`${K}.tooLarge`)));
    }
    if (!/\.(pdf|docx)$/i.test(file.name)) {
      return feedback.fail(new ApiError(422, "type", t(`${K}.wrongType`)));
    }
    setUploading({ groupId, percent: 0 });
    try {
      await uploadInChunks(
        `/syllabuses/${book.id}/${groupId}`,
        file,
        (percent) => setUploading({ groupId, percent }),
      );
      list.reload();
    } catch (error) {
      feedback.fail(error);
    } finally {
      setUploading(null);
    }
  };

  const remove = (row: SemesterRow) =>
    feedback.confirm(
      t(`${K}.removeConfirm`, { name: row.syllabus?.name ?? "", semester: semesterName(row.seasonYear, t) }),
      async () => {
        await call("DELETE /syllabuses/{bookId}/{groupId}", {
          params: { bookId: book.id, groupId: row.groupId },
        });
        list.reload();
      },
    );

  return (
    <Dialog
      id="book-syllabuses"
      open
      width={700}
      title={t(`${K}.title`, { course: courseLabel(book, currentLang()) })}
      onClose={onClose}
      footer={<Button variant="secondary" onClick={onClose}>{t("common.close")}</Button>}
    >
      <input
        ref={input}
        type="file"
        class="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        onChange={upload}
        data-testid="syllabus-file"
      />
      <p class="mb-3 text-xs text-gray-500">{t(`${K}.hint`)}</p>
      <LoadState loaded={list}>
        {({ data }) => (
          <SimpleTable
            testId="syllabuses-table"
            headers={[
              t(`${K}.semester`),
              t(`${K}.file`),
              <span key="actions" class="sr-only">{t(`${K}.actions`)}</span>,
            ]}
          >
            {data.length === 0 && <EmptyRow columns={3} text={t(`${K}.noSemesters`)} />}
            {data.map((row) => (
              <tr key={row.groupId} class="ui-tr" data-group={row.groupId}>
                <td class="ui-td whitespace-nowrap">{semesterName(row.seasonYear, t)}</td>
                <td class="ui-td">
                  {uploading?.groupId === row.groupId
                    ? <ProgressBar value={uploading.percent} label={t(`${K}.uploading`)} showValue />
                    : row.syllabus
                    ? (
                      <a
                        class="text-primary-700 underline"
                        href={apiUrl(`/syllabuses/${book.id}/${row.groupId}/file`)}
                        download={row.syllabus.name}
                      >
                        {row.syllabus.name} ({sizeText(row.syllabus.size)})
                      </a>
                    )
                    : <span class="text-gray-500">{t(`${K}.none`)}</span>}
                </td>
                <td class="ui-td text-end whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={uploading !== null}
                    aria-label={`${t(row.syllabus ? `${K}.replace` : `${K}.upload`)}: ${
                      semesterName(row.seasonYear, t)
                    }`}
                    onClick={() => choose(row.groupId)}
                  >
                    {t(row.syllabus ? `${K}.replace` : `${K}.upload`)}
                  </Button>
                  {row.syllabus && (
                    <Button
                      variant="ghost"
                      size="sm"
                      class="text-danger-700"
                      disabled={uploading !== null}
                      aria-label={`${t(`${K}.remove`)}: ${semesterName(row.seasonYear, t)}`}
                      onClick={() => remove(row)}
                    >
                      {t(`${K}.remove`)}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </LoadState>
      {feedback.dialogs}
    </Dialog>
  );
}
