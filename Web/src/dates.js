// RFC 3339 timestamps as the Swift engine reads and writes them (Sources/AppAlert/Support/RFC3339.swift).
// A date is a number of seconds since 1970 (a double, as Foundation's Date): milliseconds would lose
// a timestamp's sub-millisecond fraction.

/** Why a text is not a timestamp. */
export class TimestampError extends Error {
  /**
   * @param {string} input
   * @param {string} reason
   */
  constructor(input, reason) {
    super(`invalid timestamp "${input}": ${reason}`);
    this.input = input;
    this.reason = reason;
  }
}

/**
 * @param {number} year
 * @param {number} month
 */
function daysInMonth(year, month) {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * @param {number} a
 * @param {number} b
 */
const div = (a, b) => Math.trunc(a / b);

/**
 * @param {number} days
 * @returns {[number, number, number]}
 */
function civilFromDays(days) {
  const z = days + 719468;
  const era = div(z >= 0 ? z : z - 146096, 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = div(dayOfEra - div(dayOfEra, 1460) + div(dayOfEra, 36524) - div(dayOfEra, 146096), 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + div(yearOfEra, 4) - div(yearOfEra, 100));
  const mp = div(5 * dayOfYear + 2, 153);
  const day = dayOfYear - div(153 * mp + 2, 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/**
 * Seconds since 1970 for an RFC 3339 timestamp, or a TimestampError.
 * @param {string} text
 * @returns {number}
 */
export function parseTimestamp(text) {
  const bytes = new TextEncoder().encode(text);
  let index = 0;
  const fail = (/** @type {string} */ reason) => new TimestampError(text, reason);
  const number = (/** @type {number} */ digits, /** @type {string} */ name) => {
    if (bytes.length - index < digits) throw fail(`${name} is missing`);
    let value = 0;
    for (let i = 0; i < digits; i += 1) {
      const byte = bytes[index];
      if (!(byte >= 0x30 && byte <= 0x39)) throw fail(`${name} must be ${digits} digits`);
      value = value * 10 + (byte - 0x30);
      index += 1;
    }
    return value;
  };
  const expect = (/** @type {string} */ characters, /** @type {string} */ what) => {
    if (!(index < bytes.length && characters.includes(String.fromCharCode(bytes[index])) && bytes[index] < 0x80)) {
      throw fail(`expected ${what} at position ${index + 1}`);
    }
    index += 1;
  };
  const year = number(4, "the year");
  expect("-", "'-' after the year");
  const month = number(2, "the month");
  expect("-", "'-' after the month");
  const day = number(2, "the day");
  expect("Tt ", "'T' between date and time");
  const hour = number(2, "the hour");
  expect(":", "':' after the hour");
  const minute = number(2, "the minute");
  expect(":", "':' after the minute");
  let second = number(2, "the second");
  let fraction = 0;
  if (index < bytes.length && bytes[index] === 0x2e) {
    index += 1;
    let scale = 0.1;
    const start = index;
    while (index < bytes.length && bytes[index] >= 0x30 && bytes[index] <= 0x39) {
      fraction += (bytes[index] - 0x30) * scale;
      scale /= 10;
      index += 1;
    }
    if (index === start) throw fail("a digit must follow '.'");
  }
  if (index >= bytes.length) throw fail("the offset (Z or ±hh:mm) is missing");
  let offsetSeconds = 0;
  const sign = bytes[index];
  if (sign === 0x5a || sign === 0x7a) {
    index += 1;
  } else if (sign === 0x2b || sign === 0x2d) {
    index += 1;
    const offsetHour = number(2, "the offset's hours");
    expect(":", "':' in the offset");
    const offsetMinute = number(2, "the offset's minutes");
    if (offsetHour > 23 || offsetMinute > 59) throw fail("the offset is out of range");
    offsetSeconds = (sign === 0x2d ? -1 : 1) * (offsetHour * 3600 + offsetMinute * 60);
  } else {
    throw fail("the offset (Z or ±hh:mm) is missing");
  }
  if (index !== bytes.length) throw fail("unexpected text after the offset");
  if (month < 1 || month > 12) throw fail(`month ${month} is out of range`);
  if (day < 1 || day > daysInMonth(year, month)) throw fail(`day ${day} is out of range`);
  if (hour > 23) throw fail(`hour ${hour} is out of range`);
  if (minute > 59) throw fail(`minute ${minute} is out of range`);
  if (second > 60) throw fail(`second ${second} is out of range`);
  second = Math.min(second, 59);
  // Days since 1970 of a valid date of years 0 to 9999 (setUTCFullYear, unlike Date.UTC, does not read 0 to
  // 99 as 1900 to 1999): whole milliseconds, well within a Date's range.
  const days = new Date(0).setUTCFullYear(year, month - 1, day) / 86400000;
  return days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds + fraction;
}

/**
 * A date as the Swift engine writes it: UTC, milliseconds when there are any.
 * @param {number} seconds since 1970
 */
export function formatTimestamp(seconds) {
  const whole = Math.floor(seconds);
  const milliseconds = Math.round((seconds - whole) * 1000);
  let days = div(whole, 86400);
  let secondsOfDay = whole % 86400;
  if (secondsOfDay < 0) {
    secondsOfDay += 86400;
    days -= 1;
  }
  const [year, month, day] = civilFromDays(days);
  const pad = (/** @type {number} */ value, /** @type {number} */ width) => String(value).padStart(width, "0");
  let text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T`;
  text += `${pad(div(secondsOfDay, 3600), 2)}:${pad(div(secondsOfDay, 60) % 60, 2)}:${pad(secondsOfDay % 60, 2)}`;
  if (milliseconds > 0 && milliseconds < 1000) text += "." + pad(milliseconds, 3);
  return text + "Z";
}
