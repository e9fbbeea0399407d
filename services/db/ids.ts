/**
 * The one source of ULIDs in the application: audit entries, reference marks, string record ids, upload and file
 * ids. One monotonic generator per process, so ids made within the same millisecond still sort in the order they
 * were made (two generators would each be monotonic, but interleave between them).
 */
import { monotonicFactory } from "ulid";

export const nextUlid: () => string = monotonicFactory();
