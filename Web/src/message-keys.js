// The keys of a message (MessageReader.swift): what the readers know, and what the diagnostics' words
// (diagnostic-words.js) take a misspelt key to be meant as.

export const messageKeys = [
  "id", "bundleId", "bundleIds", "title", "text", "confirmLabel", "link", "appVersions", "osVersions",
  "appVersionRange", "osVersionRange", "platforms", "locales", "startDate", "endDate", "rollout", "priority",
  "maxViews", "minHoursBetweenViews", "dismissible", "localizations", "whatsNew", "attributes", "installIds",
  "minLaunches", "minDaysSinceInstall", "minDaysSinceUpdate", "trigger", "rolloutSchedule", "variants",
  "layout", "image", "buttons", "action", "features", "colors", "data", "placement", "bannerSeconds",
  "conversion",
];
