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
