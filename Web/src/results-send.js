// The counting and the counts' sender (results.js), loaded by AlertService at the first count or sending of
// a page given `reporting`: a separate file of the bundle (Web/bundle), so a page that does not report
// loads neither.

export { countConversions, countEvent, countUpdate, resultEvent, sendCounts } from "./results.js";
