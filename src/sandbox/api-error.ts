import { randomInt } from 'node:crypto';

const SUPPORT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `PC-` + six characters, as the document's error envelope shows; a fresh one per error, like the service. */
export function createSupportCode(): string {
  let code = 'PC-';
  for (let i = 0; i < 6; i += 1) code += SUPPORT_ALPHABET[randomInt(SUPPORT_ALPHABET.length)];
  return code;
}

export interface ErrorBody {
  error: { code: string; message: string; support_code: string };
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message, support_code: createSupportCode() } };
}

/** An answer in the API's error envelope; thrown by handlers, turned into a response in one place. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** What a /v1 handler answers; kept as data so an idempotent write can store and replay it verbatim. */
export type ApiResult =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; bytes: Buffer; contentType: string };

export function errorResult(error: ApiError): ApiResult {
  return { status: error.status, json: errorBody(error.code, error.message), headers: { ...error.headers } };
}
