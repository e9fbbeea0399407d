/**
 * The professors dialog's add and edit form: an academic staff member (found by name), the price, additional
 * pay (hours and price) and free time (hours). Field errors of a refused save appear at their fields.
 */
import { useEffect, useState } from "preact/hooks";
import { FormDialog, NumberInput, Select, TextInput, useSave } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import type { ProfessorRow } from "./professors_dialog.tsx";

type Candidate = ResponseOf<"GET /book_professors/candidates">["data"][number];

const K = "bookDialogs.professors";

interface FormProps {
  bookId: number;
  row: ProfessorRow | null;
  onClose: () => void;
  onSaved: () => void;
  fail: (error: unknown) => void;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

export function ProfessorForm({ bookId, row, onClose, onSaved, fail }: FormProps) {
  const [search, setSearch] = useState("");
  const [candidates, setCandidates] = useState<Candidate[]>([]);
  const [values, setValues] = useState({
    prof_id: text(row?.prof_id),
    price: text(row?.price),
    additionalPay: row?.additionalPay ?? false,
    additionalPayTime: text(row?.additionalPayTime),
    additionalPayPrice: text(row?.additionalPayPrice),
    hasFreeTime: row?.hasFreeTime ?? false,
    freeTime: text(row?.freeTime),
  });
  const lang = currentLang();

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call("GET /book_professors/candidates", { query: { text: search } }, { signal: controller.signal })
        .then((r) => setCandidates(r.data))
        .catch(fail);
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  const set = (name: keyof typeof values) => (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    setValues({ ...values, [name]: input.type === "checkbox" ? input.checked : input.value });
  };
  const options = candidates.map((c) => ({
    value: String(c.id),
    label: `${(lang === "en" && c.nameEn) || c.name} — ${c.position}`,
  }));
  if (row && !candidates.some((c) => c.id === row.prof_id)) {
    options.unshift({
      value: String(row.prof_id),
      label: (lang === "en" && row.prof_name_en) || row.prof_name,
    });
  }

  const form = useSave({
    id: "book-professor-form",
    fields: Object.keys(values),
    save: () => {
      const body = { ...values, prof_id: values.prof_id === "" ? null : Number(values.prof_id) };
      return row
        ? call("PUT /book_professors/{bookId}/{id}", { params: { bookId, id: row.id }, body })
        : call("POST /book_professors/{bookId}", { params: { bookId }, body });
    },
    onSaved,
  });
  const errors = form.fieldErrors;

  const id = (name: string) => `book-professor-${name}`;
  return (
    <FormDialog
      id="book-professor-form"
      open
      width={600}
      title={t(row ? `${K}.editTitle` : `${K}.addTitle`)}
      form={form}
      saveLabel={t(`${K}.save`)}
      onClose={onClose}
      formClass="grid grid-cols-2 gap-3"
    >
      <TextInput
        id={id("search")}
        label={t(`${K}.search`)}
        value={search}
        onInput={(e) => setSearch(e.currentTarget.value)}
        class="col-span-2"
        autoComplete="off"
      />
      <Select
        id={id("prof_id")}
        label={t(`${K}.professor`)}
        required
        placeholder={t(`${K}.choose`)}
        options={options}
        value={values.prof_id}
        onChange={set("prof_id")}
        error={errors.prof_id}
        class="col-span-2"
      />
      <NumberInput
        id={id("price")}
        label={t(`${K}.price`)}
        value={values.price}
        onInput={set("price")}
        error={errors.price}
        min={0}
        step="0.01"
      />
      <div />
      <label class="col-span-2 flex items-center gap-2 text-sm">
        <input
          id={id("additionalPay")}
          type="checkbox"
          checked={values.additionalPay}
          onChange={set("additionalPay")}
        />
        {t(`${K}.additionalPay`)}
      </label>
      {values.additionalPay && (
        <>
          <NumberInput
            id={id("additionalPayTime")}
            label={t(`${K}.additionalPayTime`)}
            required
            value={values.additionalPayTime}
            onInput={set("additionalPayTime")}
            error={errors.additionalPayTime}
            min={0}
            step="0.01"
          />
          <NumberInput
            id={id("additionalPayPrice")}
            label={t(`${K}.additionalPayPrice`)}
            required
            value={values.additionalPayPrice}
            onInput={set("additionalPayPrice")}
            error={errors.additionalPayPrice}
            min={0}
            step="0.01"
          />
        </>
      )}
      <label class="col-span-2 flex items-center gap-2 text-sm">
        <input
          id={id("hasFreeTime")}
          type="checkbox"
          checked={values.hasFreeTime}
          onChange={set("hasFreeTime")}
        />
        {t(`${K}.hasFreeTime`)}
      </label>
      {values.hasFreeTime && (
        <NumberInput
          id={id("freeTime")}
          label={t(`${K}.freeTime`)}
          required
          value={values.freeTime}
          onInput={set("freeTime")}
          error={errors.freeTime}
          min={0}
          step="0.01"
        />
      )}
    </FormDialog>
  );
}
