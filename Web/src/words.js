// Small texts shared by diagnostics and explanations, written as the Swift engine writes them.

/**
 * C's %.4g.
 * @param {number} value
 */
export function formatG4(value) {
  if (value === 0) return "0";

  const rounded = Number(value.toPrecision(4));
  const e = rounded === 0 ? 0 : Math.floor(Math.log10(Math.abs(rounded)));
  if (e < -4 || e >= 4) {
    let [mantissa, exp] = rounded.toExponential(3).split("e");
    if (mantissa.includes(".")) mantissa = mantissa.replace(/0+$/, "").replace(/\.$/, "");
    const sign = exp.startsWith("-") ? "-" : "+";
    const digits = exp.replace(/^[+-]/, "").padStart(2, "0");
    return `${mantissa}e${sign}${digits}`;
  }

  let text = rounded.toFixed(Math.max(0, 3 - e));
  if (text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return text;
}

/**
 * A percentage as the Swift engine words it: whole, or four significant digits.
 * @param {number} value
 */
export function percentText(value) {
  return value === Math.round(value) ? String(value) : formatG4(value);
}

/** @param {string[]} items */
export function listed(items) {
  return "[" + items.join(", ") + "]";
}

/**
 * Swift's description of a Double: the shortest text that reads back, exponent from 1e16 and below 1e-4.
 * @param {number} value
 */
export function swiftDouble(value) {
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && Number.isFinite(value) && (magnitude >= 1e16 || magnitude < 1e-4)) {
    const [mantissa, exponent] = value.toExponential().split("e");
    const sign = exponent.startsWith("-") ? "-" : "+";
    return `${mantissa}e${sign}${exponent.replace(/^[+-]/, "").padStart(2, "0")}`;
  }
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}
