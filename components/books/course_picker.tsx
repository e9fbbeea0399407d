/** Finds courses by id, code or name (bookList) for a condition group, and adds the chosen one. */
import { useEffect, useState } from "preact/hooks";
import { Button, TextInput } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import { currentLang, t } from "../../utils/i18n.ts";

const K = "bookDialogs.conditions";

type CourseOption = ResponseOf<"GET /books">["data"][number];

export function CoursePicker(
  { id, exclude, onPick, fail }: {
    id: string;
    exclude: number[];
    onPick: (bookId: number) => void;
    fail: (e: unknown) => void;
  },
) {
  const [text, setText] = useState("");
  const [found, setFound] = useState<CourseOption[]>([]);
  useEffect(() => {
    if (!text.trim()) return setFound([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call("GET /books", { query: { text: text.trim(), limit: 8 } }, { signal: controller.signal })
        .then((r) => setFound(r.data))
        .catch(fail);
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  const options = found.filter((c) => !exclude.includes(c.id));
  return (
    <div class="mt-2 flex flex-col gap-1">
      <TextInput
        id={id}
        label={t(`${K}.findCourse`)}
        placeholder={t(`${K}.findCoursePlaceholder`)}
        value={text}
        autoComplete="off"
        onInput={(e) => setText(e.currentTarget.value)}
      />
      {options.length > 0 && (
        <ul class="divide-y divide-gray-100 rounded-md border border-gray-200" data-testid="course-options">
          {options.map((c) => (
            <li key={c.id} class="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
              <span>{c.code} · {(currentLang() === "en" && c.nameEng) || c.name}</span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${t(`${K}.addCourse`)}: ${c.code}`}
                onClick={() => {
                  setText("");
                  onPick(c.id);
                }}
              >
                {t(`${K}.addCourse`)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
