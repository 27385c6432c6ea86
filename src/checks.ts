/**
 * A check, wherever it is made and shown: `pressbridge doctor` (src/doctor/, printed by the command, listed on the
 * setup's last page), the setup's steps (src/setup/: both fronts), a publisher's `diagnose` (the plugin contract,
 * src/publisher/types.ts). One shape, so one view lists any of them (src/setup/web/views/page.ts `checkList`).
 */

/** `warn`: it works, but something is worth fixing; `fail`: it does not, the fix says what to do. */
export type CheckStatus = 'ok' | 'warn' | 'fail';

/**
 * What was checked, what was found and, when it is not ok, the fix. `Text` is how its sentences travel: a string
 * in the reader's language (doctor's), both languages at once (the setup's `SetupText`, said by the page in the
 * language it shows), or a phrase said later (a plugin's `Said`).
 */
export interface Check<Text = string> {
  /** A stable name a page or test finds the check by (the setup's: `rest-api`, `webhook-test`, `notify`). */
  id?: string;
  status: CheckStatus;
  /** What was checked, when the detail does not say it (doctor's lines: `Redis`, `Blog 7: wordpress`). */
  name?: Text;
  detail: Text;
  /** What to do about a warn or fail. */
  fix?: Text;
}
