/**
 * A plain form post the server refused, as the page it came from renders it again: the refusal,
 * the message of each refused field, and what was typed. The server reads it from the post
 * (src/server/http/form-post.ts); the form islands take it as a prop. Types only.
 */
export interface ReturnedForm {
  /** The refusal's HTTP status (400, 409, 413, 429, 503, 500...), which the page answers with. */
  status: number;
  error: string;
  issues: Record<string, string>;
  /** What was typed, to fill the form in again. */
  values: Record<string, string>;
}
