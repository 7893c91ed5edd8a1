// Small texts shared by diagnostics and explanations, written as the Swift engine writes them.

/**
 * C's %.4g.
 * @param {number} value
 */
export function formatG4(value) {
  if (value === 0) return "0";

  const rounded = Number(value.toPrecision(4));
  const e = rounded === 0 ? 0 : Math.floor(Math.log10(Math.abs(rounded)));
  if (e < -4 || e >= 4) return cExponent(rounded.toExponential(3));
  return withoutTrailingZeros(rounded.toFixed(Math.max(0, 3 - e)));
}

/**
 * A number's text without the zeros ending its fraction, nor a "." ending it.
 * @param {string} text
 */
const withoutTrailingZeros = (text) => (text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text);

/**
 * JavaScript's exponential text ("1.50e+5") as C's %g and Swift write it: the mantissa without trailing
 * zeros (a shortest one has none), the exponent with a sign and at least two digits ("1.5e+05").
 * @param {string} text
 */
function cExponent(text) {
  const [mantissa, exponent] = text.split("e");
  const sign = exponent.startsWith("-") ? "-" : "+";
  return `${withoutTrailingZeros(mantissa)}e${sign}${exponent.replace(/^[+-]/, "").padStart(2, "0")}`;
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
    return cExponent(value.toExponential());
  }
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}
