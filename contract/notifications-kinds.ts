// The notifications' kinds as plain lists, without the schemas: a screen that needs only these
// does not download zod with them (bench/bundle-budget.test.ts).

/** The kinds of things the studio is told about, in the order Studio → Notifications lists their choices. */
export const studioNoticeKinds = [
  "client_signed",
  "client_paid",
  "questionnaire_answered",
  "client_message",
  "registry_gift",
  "booking",
  "class_registration",
  "labour_alert",
] as const;
/**
 * Kinds her devices already hear of through their own switch (Account → Notifications on this device): a second
 * push for the same event would only repeat it, so these are the list or a mail.
 */
export const noticeKindsPushedOnTheirOwn: readonly (typeof studioNoticeKinds)[number][] = ["client_message", "booking", "labour_alert"];
