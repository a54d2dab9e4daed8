/** The one error shape of every non-2xx answer of the reference server. */
export interface ApiErrorBody {
  error: {
    /** Stable machine-readable code, e.g. 'validation', 'not_found', 'csrf', 'unauthorized'. */
    code: string;
    /** Human-readable English message naming what was wrong. */
    message: string;
    /** For validation errors: the offending field paths and what is wrong with each. */
    issues?: { path: string; message: string }[];
  };
}

/**
 * A failed answer, on both sides: the server throws it and sends `toBody()`; the client and
 * the engine make one of an answer that was not a success. `code` is the stable code of
 * ApiErrorBody (`http_<status>` where the answer named none).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
    /** Seconds to wait before trying again (`Retry-After` of a 429), when the server said. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** An answer of `status` whose body is not read (the engine's REST calls). */
  static ofStatus(status: number, message: string): HttpError {
    return new HttpError(status, `http_${status}`, message);
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.issues.length > 0 ? { issues: this.issues } : {}),
      },
    };
  }
}
