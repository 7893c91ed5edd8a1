// The conformance cases before their expected answers: tables of feeds and installs, one file per
// topic. generate.mjs runs `appalert evaluate --json` on each and writes the answers beside them.

const app = "com.example.app";
const base = { bundleId: app, appVersion: "2.0.0", platform: "ios", now: "2026-03-01T09:00:00Z" };

/** A message of the app with every required key, and `extra` keys. */
const message = (extra = {}) => ({ id: 1, bundleId: app, title: "Title", text: "Text", ...extra });
const feed = (...messages) => ({ format: 2, messages });

/** A case deciding `messages` for `install` (merged over the base install). */
function decision(name, messages, install = {}, history = {}, explain = true) {
  return { name, feed: feed(...messages), install: { ...base, ...install }, history, explain };
}

const installIds = ["install-a", "install-b", "install-c", "7A1C6E2B-0F4D-4A8E-9B1D-2C3E4F5A6B7C", "x", "é-unicode-☃", " ", "42"];

function versions() {
  const list = [
    "1", "1.0", "1.0.0", "1.0.0.0", "1.02", "1.2.3", "1.2.3.4", "1.2.10", "1.10", "2", "0.0.1", "1.2.3-alpha",
    "1.2.3-alpha.1", "1.2.3-alpha.beta", "1.2.3-beta", "1.2.3-beta.2", "1.2.3-beta.11", "1.2.3-rc.1", "1.2.3+build.5",
    "1.2.3-rc.1+b", "01.2", "1..2", "", "v1.2", "1.2.3-01", "-1", "1.2.3-", "1.2.3+", "1.2.a", "1 .2",
    "99999999999999999999", "9223372036854775807", "1.2.3-18446744073709551615",
  ];
  const cases = [];
  for (let i = 0; i < list.length; i += 1) {
    for (const j of [i, (i + 1) % list.length, (i + 5) % list.length, (i + 11) % list.length]) {
      cases.push({ name: `compare ${list[i]} ${list[j]}`, kind: "compare", args: [list[i], list[j]] });
    }
  }
  const ranges = [
    "*", "", "  ", "x", "1.x", "1.2.x", "1.2", "=1.2.3", "v1.2.3", ">=1.2.3", ">1.2", "<2", "<=1.2", ">= 1.2.3", "~1.2.3",
    "~1.2", "~1", "~>1.2", "^1.2.3", "^0.2.3", "^0.0.3", "^0.2", "^0", "1.2.3 - 2.3.4", "1.2 - 2", "1 - 2.3.4",
    ">=1.2.3-beta.1", ">=1.2.3-beta.1 <1.2.3", "<1.2.3-rc.1 || >=2", ">1.2.3.4", ">=1.2.3 <1.2.4", "1.2.3 || 2.x",
    "=>1.2", "=<1.2", ">=", "1.2.3-", "~x", "^*", "<*", ">*", "1.2.x-beta", "a.b", "1 2", ">=1.0.0 <2.0.0 || >=3",
  ];
  const probes = ["0.9", "1.0.0", "1.2", "1.2.3", "1.2.3-beta.2", "1.2.3-rc.1", "1.2.3.4", "1.2.4-alpha", "1.3", "1.9.9", "2.0.0", "2.0.0-0", "3.1"];
  ranges.forEach((range, index) => {
    for (let k = 0; k < 5; k += 1) {
      const version = probes[(index * 3 + k * 7) % probes.length];
      cases.push({ name: `satisfies ${version} "${range}"`, kind: "satisfies", args: [version, range] });
    }
  });
  cases.push({ name: "satisfies with an invalid version", kind: "satisfies", args: ["1.x", ">=1"] });
  return cases;
}

function versionTargeting() {
  const cases = [];
  const ranges = ["^2.0.0", ">=1.5 <2.1", "~2.0", "2.x || 3.x", "<2", ">=2.0.0-beta.1", "1.0.0 - 1.9.9"];
  const apps = ["1.4.9", "1.9.9", "2.0.0", "2.0.1", "2.1.0", "2.0.0-beta.3", "3.0.0-rc.1", "2.0.0.1"];
  for (const range of ranges) {
    for (const appVersion of apps) {
      cases.push(decision(`appVersionRange "${range}" for ${appVersion}`, [message({ appVersionRange: range })], { appVersion }));
    }
  }
  for (const [list, appVersion] of [[["2.0"], "2.0.0"], [["2.0.1", "2.1"], "2.1.0"], [[], "2.0.0"], [["2.0.0-beta"], "2.0.0"], [["2.0.0+b"], "2.0.0+c"]]) {
    cases.push(decision(`appVersions ${JSON.stringify(list)} for ${appVersion}`, [message({ appVersions: list })], { appVersion }));
  }
  for (const osVersion of [undefined, "16.4", "17.0", "17.2.1", "18.0"]) {
    const install = osVersion === undefined ? {} : { osVersion };
    cases.push(decision(`osVersionRange ">=17" for OS ${osVersion ?? "unknown"}`, [message({ osVersionRange: ">=17" })], install));
    cases.push(decision(`osVersions ["17.2.1"] for OS ${osVersion ?? "unknown"}`, [message({ osVersions: ["17.2.1"] })], install));
  }
  return cases;
}

function platforms() {
  const cases = [];
  const lists = [["ios"], ["iOS"], ["ipados"], ["macos", "linux"], ["windows"], [], ["android"], ["tvos", "watchos", "visionos"], ["web"], ["ios", "web"]];
  for (const list of lists) {
    for (const platform of ["ios", "ipados", "macos", "linux", "windows", "visionos", "web"]) {
      cases.push(decision(`platforms ${JSON.stringify(list)} on ${platform}`, [message({ platforms: list })], { platform }));
    }
  }
  return cases;
}

function locales() {
  const cases = [];
  const ranges = [["pt"], ["pt-BR"], ["en", "fr"], ["*"], ["zh-Hant"], ["en_US"], []];
  const preferred = [[], ["pt-BR"], ["pt"], ["en-GB", "fr"], ["fr-CA"], ["zh-Hant-TW"], ["en-US"]];
  for (const list of ranges) {
    for (const locale of preferred) {
      cases.push(decision(`locales ${JSON.stringify(list)} for ${JSON.stringify(locale)}`, [message({ locales: list })], { locale }));
    }
  }
  const localizations = {
    fr: { title: "Bonjour" }, "pt-BR": { title: "Olá (BR)" }, "pt-PT": { title: "Olá (PT)" }, es: { text: "Hola" },
    "es-419": { title: "Hola (419)" }, "zh-Hant": { title: "你好 (繁)" }, "zh-Hans": { title: "你好 (简)" }, ar: { title: "مرحبا" },
    he: { confirmLabel: "סגור" }, nb: { title: "Hei" }, "sr-Latn": { title: "Zdravo" }, sr: { title: "Здраво" },
  };
  const languages = [
    ["fr"], ["fr-CA"], ["pt"], ["pt-AO"], ["pt-BR"], ["es-MX"], ["es-ES"], ["zh-TW"], ["zh-HK"], ["zh-MO"], ["zh"], ["zh-CN"],
    ["ar-EG"], ["iw"], ["no"], ["nn"], ["sr-ME"], ["sr-RS"], ["de", "fr"], ["ja"], ["en"], ["ko"], ["es-419"], ["ca"],
    ["in"], ["fil"], ["tl"], ["ru"], ["kk"], ["th"], ["ur"], ["fa"], ["hi"], ["bn"],
  ];
  for (const locale of languages) {
    cases.push(decision(`localizations for ${JSON.stringify(locale)}`, [message({ localizations })], { locale }, {}, false));
    cases.push(decision(`built-in OK for ${JSON.stringify(locale)}`, [message({ link: { title: "More", url: "https://example.com" } })], { locale }, {}, false));
  }
  cases.push(decision("right to left from the text", [message({ title: "שלום", text: "x" })]));
  cases.push(decision("left to right after digits", [message({ title: "123 abc", text: "مرحبا" })]));
  cases.push(decision("right to left from the script subtag", [message({ localizations: { "az-Arab": { title: "x" } } })], { locale: ["az-Arab"] }));
  return cases;
}

function dates() {
  const cases = [];
  const windows = [
    { startDate: "2026-03-01T09:00:00Z" }, { startDate: "2026-03-01T09:00:00.001Z" }, { endDate: "2026-03-01T09:00:00Z" },
    { endDate: "2026-03-01T10:00:00+01:00" }, { startDate: "2026-02-01T00:00:00-05:00", endDate: "2026-04-01T00:00:00Z" },
    { startDate: "2026-03-01t08:59:59.999z" }, { endDate: "2026-03-01 09:00:01Z" }, { startDate: "2024-02-29T00:00:00Z" },
  ];
  for (const window of windows) {
    for (const now of ["2026-03-01T09:00:00Z", "2026-03-01T08:59:59Z", "2026-06-01T00:00:00Z", "2026-03-01T09:00:00.5Z"]) {
      cases.push(decision(`dates ${JSON.stringify(window)} at ${now}`, [message(window)], { now }));
    }
  }
  return cases;
}

function rollout() {
  const cases = [];
  for (const percent of [0, 0.5, 10, 33.3, 50, 75, 99.9, 100]) {
    for (const installId of installIds) {
      cases.push(decision(`rollout ${percent} for "${installId}"`, [message({ id: 7, rollout: percent })], { installId }));
    }
    cases.push(decision(`rollout ${percent} without an install id`, [message({ id: 7, rollout: percent })]));
  }
  const schedule = [{ at: "2026-02-01T00:00:00Z", percent: 5 }, { at: "2026-03-01T00:00:00Z", percent: 40 }, { at: "2026-04-01T00:00:00Z", percent: 100 }];
  for (const now of ["2026-01-01T00:00:00Z", "2026-02-15T00:00:00Z", "2026-03-15T00:00:00Z", "2026-04-01T00:00:00Z"]) {
    for (const installId of installIds.slice(0, 5)) {
      cases.push(decision(`rolloutSchedule at ${now} for "${installId}"`, [message({ id: 12, rolloutSchedule: schedule })], { now, installId }));
    }
  }
  cases.push(decision("installIds override the rollout", [message({ rollout: 0, installIds: ["tester"] })], { installId: "tester" }));
  cases.push(decision("installIds without the install", [message({ installIds: ["tester"] })], { installId: "other" }));
  cases.push(decision("installIds without an install id", [message({ installIds: ["tester"] })]));
  return cases;
}

function variants() {
  const cases = [];
  const sets = [
    [{ weight: 1, title: "A" }, { weight: 1, title: "B" }],
    [{ weight: 1, title: "A" }, { weight: 3, text: "B text", confirmLabel: "Sure" }],
    [{ weight: 5, link: { title: "Go", url: "https://example.com/a" } }, { weight: 2, title: "B" }, { weight: 3, title: "C", conversion: { event: "bought", withinHours: 24 } }],
    [{ weight: 1, localizations: { fr: { title: "Variante" } } }, { weight: 1 }],
    // Names (issue 41): evaluate --json gives "variantName" beside the index.
    [{ name: "Control", weight: 1 }, { name: "Discount", weight: 1, title: "20 % off" }],
    [{ name: "Contrôle ☃", weight: 2 }, { weight: 1, title: "B" }, { name: "C", weight: 1 }],
    // Translations key by key (docs/feed-format.md, "Translations of a variant"): the variant's own, else
    // the message's for keys it does not set, else its base text.
    [{ weight: 1, title: "V title", localizations: { fr: { title: "Titre V" } } }, { weight: 1, text: "V text" }],
    [{ weight: 1, title: "V title", text: "V text", localizations: { "fr-CA": { text: "Texte V (CA)" }, de: { title: "Titel V" } } },
      { weight: 1, confirmLabel: "Yes", localizations: { fr: { confirmLabel: "Oui" } } }],
    [{ weight: 1, localizations: { es: { title: "Título" } } }, { weight: 1, title: "Own", localizations: {} }],
  ];
  sets.forEach((set, index) => {
    for (const installId of [...installIds, "u1", "u2", "u3", "u4", "u5"]) {
      cases.push(decision(`variants set ${index} for "${installId}"`, [message({ id: 30 + index, variants: set, localizations: { fr: { text: "Texte" } } })], { installId, locale: ["fr"] }, {}, false));
    }
    cases.push(decision(`variants set ${index} without an install id`, [message({ id: 30 + index, variants: set })]));
    for (const locale of [["de"], ["fr-CA"], ["es", "fr"], ["en"]]) {
      cases.push(decision(`variants set ${index} in ${locale.join(", ")}`, [message({ id: 30 + index, variants: set,
        localizations: { fr: { title: "Titre", text: "Texte" }, de: { text: "Text" }, es: { text: "Texto", confirmLabel: "Vale" } } })],
        { installId: "u3", locale }, {}, false));
    }
  });
  return cases;
}

function campaign() {
  const cases = [];
  const attributeSets = [
    [{ plan: "pro" }, ["plan=pro"]], [{ plan: ["free", "trial"] }, ["plan=trial"]], [{ plan: "pro" }, []],
    [{ level: 3 }, ["level=3.0"]], [{ level: 3 }, ["level=\"3\""]], [{ beta: true }, ["beta=true"]], [{ beta: true }, ["beta=yes"]],
    [{ level: [1, 2.5] }, ["level=2.5"]], [{ plan: "pro", beta: false }, ["plan=pro", "beta=false"]], [{ plan: [] }, ["plan=pro"]],
    [{ n: 1e20 }, ["n=1e20"]], [{ s: "a=b" }, ["s=a=b"]],
  ];
  for (const [attributes, attribute] of attributeSets) {
    cases.push(decision(`attributes ${JSON.stringify(attributes)} with ${JSON.stringify(attribute)}`, [message({ attributes })], { attribute }));
  }
  for (const launchCount of [1, 2, 5]) {
    cases.push(decision(`minLaunches 3 at launch ${launchCount}`, [message({ minLaunches: 3 })], { launchCount }));
  }
  for (const installedAt of [undefined, "2026-02-27T09:00:01Z", "2026-02-27T09:00:00Z", "2025-01-01T00:00:00Z"]) {
    const install = installedAt === undefined ? {} : { installedAt, updatedAt: installedAt };
    cases.push(decision(`minDaysSinceInstall 2 installed ${installedAt ?? "unknown"}`, [message({ minDaysSinceInstall: 2 })], install));
    cases.push(decision(`minDaysSinceUpdate 1 updated ${installedAt ?? "unknown"}`, [message({ minDaysSinceUpdate: 1 })], install));
  }
  const updates = [[undefined, 1], ["1.9.0", 1], ["1.9.0", 10], ["1.9.0", 11], ["2.0.0", 1], ["2.1.0", 1], ["1.0.0", 3], ["1.9.9-beta", 1]];
  for (const range of [">=2.0.0", "2.0.x", "1.5.0", "^1.9.5", "<1.9"]) {
    for (const [previousVersion, launchesSinceUpdate] of updates) {
      const install = previousVersion === undefined ? {} : { previousVersion, launchesSinceUpdate };
      cases.push(decision(`whatsNew "${range}" after ${previousVersion ?? "a fresh install"} (${launchesSinceUpdate} launches)`, [message({ whatsNew: range })], install));
    }
  }
  const triggered = [message({ id: 1 }), message({ id: 2, trigger: { event: "checkout" } }), message({ id: 3, trigger: "launch", placement: "home" })];
  for (const install of [{}, { event: "checkout" }, { event: "other" }, { placement: "home" }, { placement: "home", event: "checkout" }, { placement: "side" }]) {
    cases.push(decision(`triggers and placements for ${JSON.stringify(install)}`, triggered, install));
  }
  const seen = [[[], undefined], [["1"], undefined], [["1:2"], undefined], [["1", "1"], undefined], [[], 1], [[], 0], [["2:5"], 3], [["1:1"], 5]];
  for (const [list, lastMessageId] of seen) {
    const history = { seen: list };
    if (lastMessageId !== undefined) history.lastMessageId = lastMessageId;
    cases.push(decision(`maxViews with seen ${JSON.stringify(list)} and lastMessageId ${lastMessageId}`, [message({ id: 1, maxViews: 2, minHoursBetweenViews: 24 }), message({ id: 2 }), message({ id: 3, priority: -1 })], {}, history));
  }
  return cases;
}

function selection() {
  const cases = [];
  const sets = [
    [message({ id: 1 }), message({ id: 2 })],
    [message({ id: 5, priority: 1 }), message({ id: 9 })],
    [message({ id: 3, priority: -2 }), message({ id: 2, priority: -2 }), message({ id: 1, priority: -3 })],
    [message({ id: 4, bundleIds: ["other", "*"] }), message({ id: 2, bundleId: "other" })],
    [message({ id: 1, bundleId: "other", bundleIds: [app] })],
    [message({ id: 8, priority: 9007199254740991 }), message({ id: 9 })],
  ];
  sets.forEach((set, index) => {
    cases.push(decision(`priority then id, set ${index}`, set));
    cases.push(decision(`priority then id, set ${index}, another app`, set, { bundleId: "com.example.other" }));
  });
  cases.push({ name: "a format-1 feed", feed: [message({ id: 1 }), message({ id: 2, priority: 3 })], install: base, history: {}, explain: true });
  cases.push({ name: "format 3 is read", feed: { format: 3, messages: [message()] }, install: base, history: {}, explain: false });
  cases.push({ name: "no format", feed: { messages: [message()], sequence: 4, $schema: "x" }, install: base, history: {}, explain: false });
  return cases;
}

function links() {
  const cases = [];
  const urls = ["https://example.com/a", "http://example.com/a", "https://sub.example.com/x", "https://EXAMPLE.com:8443/p?q#f", "myapp://settings", "mailto:help@example.com", "https://user@evil.com/", "https://[::1]:8080/x", "tel:+123"];
  const policies = [{}, { allowLinkScheme: ["myapp"] }, { allowLinkScheme: ["MAILTO", "http"] }, { allowLinkHost: ["example.com"] }, { allowLinkHost: [".example.com"] }, { allowLinkHost: ["::1"] }];
  for (const url of urls) {
    for (const policy of policies) {
      cases.push(decision(`link ${url} with ${JSON.stringify(policy)}`, [message({ link: { title: "Open", url } })], policy, {}, true));
    }
  }
  cases.push(decision("a localization's link is checked", [message({ localizations: { fr: { link: { title: "x", url: "http://example.com" } } } })]));
  cases.push(decision("a variant's button is checked", [message({ layout: "modal", variants: [{ weight: 1 }, { weight: 1, buttons: [{ title: "x", action: { url: "myapp://x" } }] }] })]));
  cases.push(decision("a banner's action is checked", [message({ layout: "banner", action: { url: "myapp://x" } })], { allowLinkScheme: ["myapp"] }));
  return cases;
}

function rich() {
  const cases = [];
  const image = { url: "https://example.com/a.png", alt: "A picture", darkUrl: "https://example.com/a-dark.png" };
  const colors = { background: "#ffffff", text: "#111111CC", accent: "#1a73e8", dark: { background: "#000000FF" } };
  const buttons = [{ title: "Go", action: { url: "https://example.com/go" } }, { title: "Later" }];
  for (const layout of ["alert", "banner", "modal", "sheet", "image"]) {
    cases.push(decision(`layout ${layout} with every rich key`, [message({
      layout, image, colors, data: { b: "2", a: "1" }, bannerSeconds: 12.5, conversion: { event: "opened", withinHours: 48 },
      features: [{ title: "Fast", text: "Faster", symbol: "bolt.fill" }, { title: "Plain" }],
      ...(layout === "banner" || layout === "image" ? { action: { event: "tapped" } } : { buttons }),
    })]));
    cases.push(decision(`layout ${layout} with the least`, [message({ layout, ...(layout === "image" ? { image: { url: "https://example.com/i.png", alt: "I" } } : {}) })]));
    cases.push(decision(`layout ${layout} with a link and no buttons`, [message({ layout, link: { title: "More", url: "https://example.com" }, confirmLabel: "Close", ...(layout === "image" ? { image } : {}) })]));
  }
  cases.push(decision("a wall", [message({ dismissible: false, link: { title: "Update", url: "https://example.com/u" } })]));
  cases.push(decision("a wall of buttons", [message({ layout: "sheet", dismissible: false, buttons: [{ title: "Update", action: { url: "https://example.com/u" } }] })]));
  cases.push(decision("localized buttons, image and features", [message({
    layout: "sheet", buttons, image, features: [{ title: "One" }],
    localizations: { de: { buttons: [{ title: "Los", action: { event: "go" } }], image: { url: "https://example.com/de.png", alt: "Bild" }, features: [{ title: "Eins", symbol: "Bad Symbol" }] } },
  })], { locale: ["de-AT"] }));
  cases.push(decision("an image without alt on a modal", [message({ layout: "modal", image: { url: "https://example.com/a.png", alt: "  " } })]));
  cases.push(decision("colors with alpha FF are written short", [message({ layout: "modal", colors: { background: "#abcdefff", text: "#ABCDEF80" } })]));
  cases.push(decision("http images on localhost", [message({ layout: "modal", image: { url: "http://localhost:8080/a.png", alt: "x" } })]));
  return cases;
}

function decoding() {
  const cases = [];
  const good = message({ id: 2, title: "Good" });
  const broken = [
    ["no id", { bundleId: app, title: "t", text: "x" }], ["id 0", message({ id: 0 })], ["id 1.5", message({ id: 1.5 })],
    ["id as a string", message({ id: "1" })], ["id as a whole number", message({ id: 1 })], ["no bundle id", { id: 1, title: "t", text: "x" }],
    ["empty bundle id", message({ bundleId: "" })], ["bundleIds with an empty one", message({ bundleId: undefined, bundleIds: [app, ""] })],
    ["misspelt title", { id: 1, bundleId: app, titel: "t", text: "x" }], ["title a number", message({ title: 3 })],
    ["bad version", message({ appVersions: ["1.x"] })], ["bad range", message({ appVersionRange: "=>2" })],
    ["bad date", message({ startDate: "2026-02-30T00:00:00Z" })], ["date without offset", message({ endDate: "2026-03-01T00:00:00" })],
    ["empty window", message({ startDate: "2026-03-01T00:00:00Z", endDate: "2026-03-01T00:00:00Z" })],
    ["rollout 101", message({ rollout: 101 })], ["rollout a string", message({ rollout: "50" })], ["priority 1.5", message({ priority: 1.5 })],
    ["maxViews 0", message({ maxViews: 0 })], ["negative minHours", message({ minHoursBetweenViews: -1 })],
    ["dismissible a string", message({ dismissible: "no" })], ["wall without link", message({ dismissible: false })],
    ["wall banner", message({ layout: "banner", dismissible: false })], ["bad locale tag", message({ locales: ["e"] })],
    ["bad localization tag", message({ localizations: { "toolongtag-x": {} } })], ["localization not an object", message({ localizations: { fr: "x" } })],
    ["link without url", message({ link: { title: "x" } })], ["javascript link", message({ link: { title: "x", url: "javascript:alert(1)" } })],
    ["relative link", message({ link: { title: "x", url: "/help" } })], ["link with a space", message({ link: { title: "x", url: "https://a.com/a b" } })],
    ["link without host", message({ link: { title: "x", url: "https:///x" } })], ["attributes null value", message({ attributes: { a: null } })],
    ["attributes object", message({ attributes: { a: [{}] } })], ["empty install id", message({ installIds: [""] })],
    ["bad trigger", message({ trigger: "later" })], ["trigger without event", message({ trigger: {} })], ["bad event name", message({ trigger: { event: "a b" } })],
    ["schedule and rollout", message({ rollout: 5, rolloutSchedule: [{ at: "2026-01-01T00:00:00Z", percent: 5 }] })],
    ["schedule shrinking", message({ rolloutSchedule: [{ at: "2026-01-01T00:00:00Z", percent: 50 }, { at: "2026-02-01T00:00:00Z", percent: 10 }] })],
    ["schedule out of order", message({ rolloutSchedule: [{ at: "2026-02-01T00:00:00Z", percent: 5 }, { at: "2026-01-01T00:00:00Z", percent: 10 }] })],
    ["variant name empty", message({ variants: [{ weight: 1, name: "" }, { weight: 1 }] })],
    ["variant name blank", message({ variants: [{ weight: 1, name: " \u3000\u0085" }, { weight: 1 }] })],
    ["variant name not a string", message({ variants: [{ weight: 1, name: 7 }, { weight: 1 }] })],
    ["variant name of 65 characters", message({ variants: [{ weight: 1, name: "é".repeat(65) }, { weight: 1 }] })],
    ["variant name of 260 bytes", message({ variants: [{ weight: 1, name: "😀".repeat(65) }, { weight: 1 }] })],
    ["variant names repeated", message({ variants: [{ weight: 1, name: "Same" }, { weight: 1 }, { weight: 1, name: "Same" }] })],
    ["one variant", message({ variants: [{ weight: 1 }] })], ["variant weight 0", message({ variants: [{ weight: 0 }, { weight: 1 }] })],
    ["unknown layout", message({ layout: "popup" })], ["image layout without image", message({ layout: "image" })],
    ["image layout without alt", message({ layout: "image", image: { url: "https://example.com/a.png" } })],
    ["http image", message({ layout: "modal", image: { url: "http://example.com/a.png", alt: "x" } })],
    ["three buttons", message({ buttons: [{ title: "a" }, { title: "b" }, { title: "c" }] })], ["buttons on a banner", message({ layout: "banner", buttons: [{ title: "a" }] })],
    ["button without title", message({ buttons: [{ action: "dismiss" }] })], ["button with both actions", message({ buttons: [{ title: "a", action: { url: "https://a.com", event: "e" } }] })],
    ["buttons and link", message({ buttons: [{ title: "a" }], link: { title: "x", url: "https://a.com" } })], ["action on an alert", message({ action: "dismiss" })],
    ["eleven features", message({ layout: "sheet", features: Array.from({ length: 11 }, (_, i) => ({ title: `f${i}` })) })],
    ["bad color", message({ layout: "modal", colors: { background: "#fff" } })], ["bad dark color", message({ layout: "modal", colors: { dark: { text: "red" } } })],
    ["data with a number", message({ data: { a: 1 } })], ["data of 51 keys", message({ data: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) })],
    ["bad placement", message({ placement: "my slot" })], ["bannerSeconds 1", message({ layout: "banner", bannerSeconds: 1 })],
    ["conversion without hours", message({ conversion: { event: "buy" } })], ["conversion 721 hours", message({ conversion: { event: "buy", withinHours: 721 } })],
    ["a message that is a string", "hello"], ["a long string", message({ text: "x".repeat(10001) })],
    ["localized confirmLabel beside buttons", message({ buttons: [{ title: "a" }], localizations: { fr: { confirmLabel: "x" } } })],
  ];
  for (const [name, value] of broken) {
    cases.push({ name: `left out: ${name}`, feed: feed(value, good), install: base, history: {}, explain: true });
  }
  cases.push({ name: "duplicate id", feed: feed(message({ id: 2 }), good), install: base, history: {}, explain: true });
  cases.push({ name: "null is absent", feed: feed(message({ id: 3, rollout: null, locales: null, link: null }), good), install: base, history: {}, explain: true });
  cases.push({ name: "unknown keys are ignored", feed: feed(message({ id: 3, colour: "red", tittle: "x" }), good), install: base, history: {}, explain: true });
  const refused = [
    ["not JSON", "{"], ["a number", "3"], ["no messages", '{"mesages": []}'], ["messages not an array", '{"messages": {}}'],
    ["an empty object", "{}"], ["trailing text", "[] x"], ["a BOM is read", "\uFEFF[]"], ["format a string", '{"format": "2", "messages": []}'],
    ["sequence negative", '{"format": 2, "sequence": -1, "messages": []}'], ["updates not an array", '{"format": 2, "updates": 3, "messages": []}'],
    ["duplicate keys in a message", `[{"id": 1, "bundleId": "${app}", "title": "a", "title": "b", "text": "x"}]`],
    ["duplicate localization tags", `[{"id": 1, "bundleId": "${app}", "title": "a", "text": "x", "localizations": {"fr": {"title": "un"}, "fr": {"title": "deux"}}}]`],
    ["deep nesting", "[".repeat(70) + "]".repeat(70)], ["a trailing comma", "[1,]"], ["a key without a colon", '{"a" 1}'],
    ["a lone surrogate", '"\\ud800"'], ["a leading zero", "[01]"], ["a bad escape", '"a\\q"'], ["a control character", '[\n  "\u0001"]'],
    ["a bad literal", "[tru]"], ["a huge number", "[1e999]"], ["a non-ASCII string", '["\u00ff"]'], ["numbers with exponents", `[{"id": 1e0, "bundleId": "${app}", "title": "a", "text": "x", "rollout": 5e1}]`],
  ];
  for (const [name, feedText] of refused) {
    cases.push({ name: `feed: ${name}`, feedText, install: { ...base, installId: "install-a", locale: ["fr"] }, history: {}, explain: true });
  }
  const options = [
    { appVersion: "2.x" }, { osVersion: "17." }, { platform: "android" }, { platform: "IOS" }, { locale: ["*"] }, { locale: ["english!"] },
    { allowLinkScheme: ["javascript"] }, { now: "yesterday" }, { previousVersion: "v1" }, { previousVersion: "1.0", launchesSinceUpdate: 0 },
    { attribute: ["=x"] }, { event: "a b" }, { launchCount: 0 }, { installedAt: "2026" }, { updatedAt: "2026-01-01T00:00:00" },
    { placement: "inbox" }, { placement: "a b" },
  ];
  for (const install of options) {
    cases.push({ name: `option ${JSON.stringify(install)}`, feed: feed(good), install: { ...base, ...install }, history: {}, explain: false });
  }
  for (const seen of [["0"], ["a"], ["1:0"], ["1:2:3"], ["+3"]]) {
    cases.push({ name: `option --seen ${seen[0]}`, feed: feed(good), install: base, history: { seen }, explain: false });
  }
  return cases;
}

/** The case files: name → description and cases. */
/** Update prompts on the web: `appalert update-check --platform web`, the feed's policy alone. */
function updates() {
  const now = "2026-03-01T09:00:00Z";
  const install = { bundleId: app, appVersion: "2.0.0", now, appName: "Notes" };
  const policy = (extra) => ({ bundleId: app, ...extra });
  const update = (name, policies, extra = {}, prompt = undefined) => {
    const testCase = { name, kind: "update", feed: { format: 2, messages: [], updates: policies }, install: { ...install, ...extra } };
    if (prompt) testCase.prompt = prompt;
    return testCase;
  };
  const later = { skippedVersions: [], remindAfter: Date.parse("2026-03-02T09:00:00Z") / 1000 };
  const past = { skippedVersions: [], remindAfter: Date.parse("2026-02-28T09:00:00Z") / 1000 };
  const cases = [
    update("a newer latestVersion is optional", [policy({ latestVersion: "2.1" })]),
    update("below the minimum is required with no store page", [policy({ minimumVersion: "2.1" })]),
    update("below the minimum asks for the latest when it is higher", [policy({ minimumVersion: "2.1", latestVersion: "2.3" })]),
    update("below the minimum, an equal latest is the one named", [policy({ minimumVersion: "2.1", latestVersion: "2.1.0" })]),
    update("below the minimum, a lower latest gives the minimum", [policy({ minimumVersion: "2.1", latestVersion: "2.0.5" })]),
    update("at the minimum with nothing newer is up to date", [policy({ minimumVersion: "2.0", latestVersion: "2.0" })]),
    update("equal numerically is up to date", [policy({ latestVersion: "2" })]),
    update("newer than the latest", [policy({ latestVersion: "1.9" })]),
    update("no policy for the app gives no version", [{ bundleId: "com.example.other", latestVersion: "3.0" }]),
    update("no updates at all", []),
    update("the wildcard policy applies", [{ bundleId: "*", minimumVersion: "2.5" }]),
    update("the exact bundle id wins over an earlier wildcard", [{ bundleId: "*", latestVersion: "9.0" }, policy({ latestVersion: "2.0.1" })]),
    update("bundleIds lists the app", [{ bundleIds: ["x", app], latestVersion: "2.2" }]),
    update("a pre-release build is left alone, even below the minimum", [policy({ minimumVersion: "3.0" })], { appVersion: "2.0.0-beta.2" }),
    update("a build number is not a pre-release", [policy({ latestVersion: "2.0.1" })], { appVersion: "2.0.0+45" }),
    update("a required major rule", [policy({ latestVersion: "3.0" })], { rule: ["major=required"] }),
    update("a minor change no rule asks for", [policy({ latestVersion: "2.1" })], { rule: ["minor=none"] }),
    update("a patch rule does not decide a minor change", [policy({ latestVersion: "2.1" })], { rule: ["patch=required"] }),
    update("a required patch rule", [policy({ latestVersion: "2.0.4" })], { rule: ["patch=required"] }),
    update("a revision rule", [policy({ latestVersion: "2.0.0.1" })], { rule: ["revision=required", "patch=none"] }),
    update("the minimum is required whatever the rules say", [policy({ minimumVersion: "3.0" })], { rule: ["major=none"] }),
    update("a skipped version is not asked for", [policy({ latestVersion: "2.1.0" })], {}, { skippedVersions: ["2.1"] }),
    update("a skip is for one version only", [policy({ latestVersion: "2.2" })], {}, { skippedVersions: ["2.1"] }),
    update("a skip does not stop a required update", [policy({ minimumVersion: "2.1" })], {}, { skippedVersions: ["2.1"] }),
    update("a skip does not stop a rule's required update", [policy({ latestVersion: "3.0" })], { rule: ["major=required"] }, { skippedVersions: ["3.0"] }),
    update("Later holds an optional update", [policy({ latestVersion: "2.1" })], {}, later),
    update("Later does not hold a required update", [policy({ minimumVersion: "2.1" })], {}, later),
    update("Later is over", [policy({ latestVersion: "2.1" })], {}, past),
    update("the storeURL is given", [policy({ latestVersion: "2.1", storeURL: "https://example.com/notes" })]),
    update("a release delay does not apply without a release date", [policy({ latestVersion: "2.1", releaseDelayDays: 30 })]),
    update("an invalid policy is left out for the next", [policy({ minimumVersion: "two" }), { bundleId: "*", latestVersion: "2.2" }]),
    update("a policy without a bundle id is left out", [{ latestVersion: "2.2" }]),
    update("an empty bundle id is left out", [{ bundleId: "", latestVersion: "2.2" }]),
    update("bundleIds with a number is left out", [{ bundleIds: [app, 3], latestVersion: "2.2" }]),
    update("a negative release delay is left out", [policy({ latestVersion: "2.2", releaseDelayDays: -1 }), { bundleId: "*", latestVersion: "2.1" }]),
    update("an http: storeURL is kept in the feed but refused by the link policy", [policy({ latestVersion: "2.1", storeURL: "http://example.com/notes" })]),
    update("a javascript: storeURL is left out", [policy({ latestVersion: "2.1", storeURL: "javascript:alert(1)" })]),
    update("a title that is not a string is left out", [policy({ latestVersion: "2.1", title: 5 })]),
    update("a localization with a bad tag is left out", [policy({ latestVersion: "2.1", localizations: { "english please": { title: "x" } } })]),
    update("an unknown key is only a warning", [policy({ latestVersion: "2.1", minimumVersoin: "3.0" })]),
    update("a latestVersion below the minimumVersion", [policy({ minimumVersion: "2.5", latestVersion: "2.1" })]),
    update("null values are absent", [policy({ latestVersion: "2.1", minimumVersion: null, title: null })]),
    update("the feed's title and text", [policy({ latestVersion: "2.1", title: "{appName} moved on", text: "Reload for {version}." })]),
    update("the feed's localization for the language", [policy({
      minimumVersion: "2.1", title: "New", localizations: { fr: { title: "Nouvelle version de {appName}" }, de: { text: "Neu: {version}" } },
    })], { locale: ["fr-CA"] }),
    update("a localization not served falls back to the feed's base text", [policy({
      latestVersion: "2.1", text: "Base {version}", localizations: { fr: { title: "Nouveau" } },
    })], { locale: ["ja"] }),
    update("a right-to-left feed text isolates the values", [policy({ latestVersion: "2.1", title: "תוכנה {appName}", text: "גרסה {version}" })]),
  ];
  for (const locale of [["fr"], ["ar-EG"], ["he"], ["pt-AO"], ["pt"], ["zh-TW"], ["zh-Hans-CN"], ["sr-Latn"], ["nn-NO"], ["ga", "de-CH"], ["ga"]]) {
    cases.push(update(`the optional prompt in ${locale.join(", ")}`, [policy({ latestVersion: "2.1" })], { locale }));
    cases.push(update(`the required prompt in ${locale.join(", ")}`, [policy({ minimumVersion: "2.1" })], { locale }));
  }
  return cases;
}

export const tables = {
  versions: ["Version comparison and node-semver ranges (appalert version compare / satisfies).", versions],
  "targeting-versions": ["appVersions, appVersionRange, osVersions and osVersionRange.", versionTargeting],
  platforms: ["The platforms key against each device platform.", platforms],
  locales: ["locales ranges, the localization matcher, the built-in OK label and text direction.", locales],
  dates: ["startDate and endDate against the time of the decision.", dates],
  rollout: ["rollout buckets, rolloutSchedule and installIds.", rollout],
  variants: ["A/B variants by install id.", variants],
  campaign: ["attributes, launches, days since install and update, whatsNew, triggers, placements and views.", campaign],
  selection: ["Priority, then id; bundle ids; feed formats.", selection],
  links: ["The link policy: schemes and hosts.", links],
  rich: ["Layouts, images, buttons, actions, features, colors, data, banner time and conversions.", rich],
  updates: ["Update prompts on the web: the feed's updates policy alone (appalert update-check --platform web).", updates],
  decoding: ["Lossy decoding: messages left out and why, feeds and options refused.", decoding],
};
