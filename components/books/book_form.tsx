/**
 * The course form (SPEC §2.5, §3 Book, §5): add and edit in one dialog, loaded by the courses table on first
 * use. Every field of a course with its domain; choosing type 2 makes the language required (and shows it).
 * Saved through the form kit: field errors under each field, someone else's save meanwhile → the conflict
 * prompt (reload and save again), any other refusal in the error dialog.
 */
import { useEffect, useState } from "preact/hooks";
import { FormDialog, NumberInput, Select, Spinner, Textarea, TextInput, useSave } from "../ui/mod.ts";
import { takesLanguage } from "../../utils/book_rules.ts";
import { call } from "../../utils/api_client.ts";
import type { InputOf, ResponseOf } from "../api.ts";
import { t } from "../../utils/i18n.ts";

export interface BookFormProps {
  /** The course to edit; null adds one. */
  bookId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  name: string;
  nameEng: string;
  code: string;
  description: string;
  credit: string;
  type: string;
  lang: string;
  status: string;
  langCode: string;
  nashromi_praqtika_type: string;
  medic: boolean;
  level: string;
}

type StoredBook = ResponseOf<"GET /books/{id}">;

const EMPTY: Values = {
  name: "",
  nameEng: "",
  code: "",
  description: "",
  credit: "",
  type: "1",
  lang: "",
  status: "active",
  langCode: "geo",
  nashromi_praqtika_type: "",
  medic: false,
  level: "1",
};

const FIELDS = Object.keys(EMPTY);
const LANGS = ["gr", "en", "fr", "ru", "es", "tu"];

const valuesOf = (b: StoredBook): Values => ({
  name: b.name,
  nameEng: b.nameEng,
  code: b.code,
  description: b.description,
  credit: String(b.credit),
  type: String(b.type),
  lang: b.lang ?? "",
  status: b.status,
  langCode: b.langCode,
  nashromi_praqtika_type: b.nashromi_praqtika_type,
  medic: b.medic,
  level: b.level === null ? "" : String(b.level),
});

export function BookForm({ bookId, onClose, onSaved }: BookFormProps) {
  const [values, setValues] = useState<Values | null>(
    bookId === null ? EMPTY : null,
  );
  const [versionstamp, setVersionstamp] = useState<string | null>(null);
  const languageType = takesLanguage(values?.type);

  // Sent as the person left them: the API's rules (utils/book_schema.ts) read text as numbers, drop a language
  // a type 1 course does not have, and name every failing field in the answer the form kit shows.
  const body = (): InputOf<"POST /books">["body"] => values!;
  const form = useSave({
    id: "book-form",
    fields: FIELDS,
    save: () =>
      bookId === null ? call("POST /books", { body: body() }) : call("PUT /books/{id}", {
        params: { id: bookId },
        body: { ...body(), versionstamp: versionstamp! },
      }),
    onSaved,
    // Someone saved the course meanwhile: its new version, with what the person typed kept.
    reload: bookId === null ? undefined : async () => {
      setVersionstamp(
        (await call("GET /books/{id}", { params: { id: bookId } }))
          .versionstamp,
      );
    },
  });

  useEffect(() => {
    if (bookId === null) return;
    call("GET /books/{id}", { params: { id: bookId } }).then((book) => {
      setValues(valuesOf(book));
      setVersionstamp(book.versionstamp);
    }, form.fail);
  }, [bookId]);

  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    values && setValues({ ...values, [field]: value });
  const fieldErrors = form.fieldErrors;

  const id = "book-form";
  const text = (
    field: "name" | "nameEng" | "code",
    max: number,
    opts: { required?: boolean; lang?: string } = {},
  ) => (
    <TextInput
      id={`${id}-${field}`}
      label={t(`books.fields.${field}`)}
      required={opts.required}
      lang={opts.lang}
      maxLength={max}
      value={values?.[field] ?? ""}
      error={fieldErrors[field]}
      onInput={(e) => set(field, e.currentTarget.value)}
    />
  );
  const choice = (
    field: keyof Values,
    options: { value: string; label: string }[],
    required = true,
  ) => (
    <Select
      id={`${id}-${field}`}
      label={t(`books.fields.${field}`)}
      required={required}
      placeholder={required ? undefined : t("books.none")}
      options={options}
      value={String(values?.[field] ?? "")}
      error={fieldErrors[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
    />
  );

  return (
    <FormDialog
      id={id}
      open
      width={700}
      title={t(bookId === null ? "books.addTitle" : "books.editTitle")}
      form={form}
      saveLabel={t("books.save")}
      onClose={onClose}
      formClass="grid gap-4 sm:grid-cols-2"
    >
      {values === null
        ? (
          <Spinner
            label={t("common.loading")}
            class="sm:col-span-2 justify-self-center"
          />
        )
        : (
          <>
            {text("name", 200, { required: true, lang: "ka" })}
            {text("nameEng", 200, { lang: "en" })}
            {text("code", 30)}
            <NumberInput
              id={`${id}-credit`}
              label={t("books.fields.credit")}
              required
              min={0}
              max={100}
              step={0.5}
              value={values.credit}
              error={fieldErrors.credit}
              onInput={(e) => set("credit", e.currentTarget.value)}
            />
            {choice(
              "type",
              [1, 2].map((n) => ({
                value: String(n),
                label: t(`books.type.${n}`),
              })),
            )}
            {languageType
              ? choice(
                "lang",
                LANGS.map((l) => ({ value: l, label: t(`books.lang.${l}`) })),
              )
              : <div aria-hidden="true" class="hidden sm:block" />}
            {choice(
              "status",
              ["active", "closed"].map((s) => ({
                value: s,
                label: t(`books.status.${s}`),
              })),
            )}
            {choice(
              "langCode",
              ["geo", "eng"].map((c) => ({
                value: c,
                label: t(`books.langCode.${c}`),
              })),
            )}
            {choice(
              "level",
              [1, 2, 3, 4, 5, 6].map((n) => ({
                value: String(n),
                label: t(`books.level.${n}`),
              })),
              false, // SPEC §5: the level is not required
            )}
            {choice(
              "nashromi_praqtika_type",
              ["praktika", "nashromi"].map((p) => ({
                value: p,
                label: t(`books.practice.${p}`),
              })),
              false,
            )}
            <label class="flex items-center gap-2 text-sm text-gray-800 sm:col-span-2">
              <input
                id={`${id}-medic`}
                type="checkbox"
                class="size-4 accent-primary-600"
                checked={values.medic}
                onChange={(e) => set("medic", e.currentTarget.checked)}
              />
              {t("books.fields.medic")}
            </label>
            <Textarea
              id={`${id}-description`}
              label={t("books.fields.description")}
              class="sm:col-span-2"
              rows={3}
              maxLength={2000}
              value={values.description}
              error={fieldErrors.description}
              onInput={(e) => set("description", e.currentTarget.value)}
            />
          </>
        )}
    </FormDialog>
  );
}
