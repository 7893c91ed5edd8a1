// For `tsc --checkJs` (Pages/README.md): the types the page code's JSDoc names, and what the page
// scripts share as globals.

/** A JSON value as `JSON.parse` gives it. */
type JSONValue = any;
/** A JSON object: a message, a draft. */
type JSONObject = Record<string, any>;
/** A path as keys and array indexes: ["buttons", 0, "title"]. */
type Segments = Array<string | number>;
/**
 * What a field's text means: the value to write (undefined removes the key), or an error in words (with the
 * text itself as the value when the draft keeps it as typed), and how the form wrote it.
 */
type Reading = { value?: JSONValue; error?: string; note?: string };
/**
 * A field of the console's form (console-form.js): where it writes, its label and kind (text, area, integer,
 * number, list, select, bool, json, date, color, button), and what it offers.
 */
type FieldSpec = {
  path: string;
  label: string;
  kind: string;
  hint?: string;
  placeholder?: string;
  /** The message's own words, in any language: `dir="auto"`. */
  words?: boolean;
  /** A select's [value, label] pairs. */
  options?: string[][];
  suggest?: string[];
  /** A version list's range field, named in its error ("App version range"). */
  range?: string;
  /** A button's index. */
  index?: number;
  /** A rows editor's kind (console-rows.js): attributes, rolloutSchedule, features, data, conversion, trigger, action. */
  rows?: string;
};

interface Window {
  /** The console's shared functions and state (console-editor.js, console-form.js, console-drafts.js). */
  Console: any;
  /** The preview's resolved messages (`evaluate --json`'s message objects) that its phones draw. */
  galleryEntries: JSONValue[];
}
/** The console's shared functions and state (console-editor.js, console-form.js, console-drafts.js). */
declare var Console: any;
/** The simulator's OS version per platform (written by the preview page before simulator.js). */
declare var osDefaults: Record<string, string>;
/**
 * The simulator's facts of each message with variants or a priority, by feed and id (written by the preview page
 * before simulator.js): its priority and its variants' names and weights, so that an answer names a variant
 * with its share and knows which message an install id could bring forward.
 */
declare var messageFacts: Record<string, Record<string, { priority: number; variants: Array<{ name?: string; weight: number }> | null }>>;
