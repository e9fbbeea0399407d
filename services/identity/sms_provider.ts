/**
 * Where SMS messages go. The default writes them to the server log (local use, and the browser tests read
 * the consent code from there); setting `SMS_GATEWAY_URL` switches to an HTTP gateway, which receives
 * `{ to, from, text }` as JSON with `Authorization: Bearer SMS_GATEWAY_KEY`, the sender being `SMS_SENDER`.
 */
import { AppError } from "../../utils/errors.ts";
import { type EnvName, envVar } from "../../utils/env.ts";
import { logEvent } from "../operations/log.ts";

export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/** Prints `SMS to <phone>: <text>` on the server's standard output. */
export class LogSmsProvider implements SmsProvider {
  constructor(
    private readonly write: (line: string) => void = (message) => logEvent("info", "sms_logged", { message }),
  ) {}
  send(phone: string, text: string): Promise<void> {
    this.write(`SMS to ${phone}: ${text}`);
    return Promise.resolve();
  }
}

export interface HttpSmsConfig {
  url: string;
  key: string;
  sender: string;
  /** A gateway that does not answer within this time counts as failed. */
  timeoutMs?: number;
}

/** Posts each message to an HTTP SMS gateway; any non-2xx answer or network error is a 502 `sms_failed`. */
export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly config: HttpSmsConfig) {}

  async send(phone: string, text: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.config.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.config.key}` },
        body: JSON.stringify({ to: phone, from: this.config.sender, text }),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
      });
    } catch (error) {
      logEvent("error", "sms_gateway_unreachable", { error: (error as Error).message });
      throw smsFailed();
    }
    await response.body?.cancel();
    if (!response.ok) {
      logEvent("error", "sms_gateway_refused", { status: response.status });
      throw smsFailed();
    }
  }
}

// 502 Bad Gateway: the SMS gateway failed, not the request.
const smsFailed = () => new AppError(502, "sms_failed", "consent.errors.smsFailed");

/** The environment variables of the HTTP gateway (the server's --allow-env list must name them). */
export const SMS_ENV = { url: "SMS_GATEWAY_URL", key: "SMS_GATEWAY_KEY", sender: "SMS_SENDER" } as const;

export function smsProviderFromEnv(read: (name: EnvName) => string | undefined = envVar): SmsProvider {
  const url = read(SMS_ENV.url);
  if (!url) return new LogSmsProvider();
  return new HttpSmsProvider({ url, key: read(SMS_ENV.key) ?? "", sender: read(SMS_ENV.sender) ?? "" });
}

let current: SmsProvider | null = null;

/** The provider of this process, chosen from the environment on first use. */
export function smsProvider(): SmsProvider {
  return current ??= smsProviderFromEnv();
}

/** Replaces the provider (tests capture messages with it). */
export function setSmsProvider(provider: SmsProvider | null): void {
  current = provider;
}
