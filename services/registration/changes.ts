/**
 * What other domains hear of registrations once they have committed: a student enrolled (registered into a
 * seat, or promoted from the waitlist) or an enrolment dropped. Finances charges and reverses tuition from it
 * (services/finances/registration_charges.ts), keyed by the registration so that hearing twice does nothing.
 * A listener's failure is logged, never undoes or fails the registration itself.
 */
import { logEvent } from "../operations/log.ts";
import type { Registration } from "./model.ts";

export interface RegistrationChange {
  kind: "enrolled" | "dropped";
  registration: Registration;
}

type Listener = (change: RegistrationChange) => Promise<void>;

const listeners: Listener[] = [];

export function onRegistrationChange(listener: Listener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function registrationChanged(changes: (RegistrationChange | null)[]): Promise<void> {
  for (const change of changes) {
    if (!change) continue;
    for (const listener of listeners) {
      try {
        await listener(change);
      } catch (error) {
        logEvent("error", "registration_listener_failed", {
          kind: change.kind,
          id: change.registration.id,
          error,
        });
      }
    }
  }
}
