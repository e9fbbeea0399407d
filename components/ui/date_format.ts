/** The one date formatter lives in utils/date_format.ts (services' exports use it too); the form kit re-exports it. */
export {
  formatDisplayDate,
  formatDisplayDateTime,
  MONTH_ABBREVIATIONS,
  parseIsoDate,
} from "../../utils/date_format.ts";
