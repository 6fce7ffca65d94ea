import type { TimedWork } from "../timed-work/timed-work.ts";
import { mailNotices, type NoticeMailDeps } from "./notifications-mails.ts";

/** Every minute: what happened reaches her inbox within a minute or two when she asked for it. */
export const noticeMails = (deps: NoticeMailDeps): TimedWork => ({
  name: "notifications: mails",
  everyMs: 60_000,
  firstAfterMs: 15_000,
  run: () => mailNotices(deps),
});
