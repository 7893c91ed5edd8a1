// The counts' sender (results.js), loaded by AlertService only when counts are due to be sent: a separate
// file of the bundle (Web/bundle), so a page that does not report, or has nothing to send yet, loads less.

export { sendCounts } from "./results.js";
