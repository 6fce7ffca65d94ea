import type { LabourKind } from "../../../../../contract/labour.ts";
import { calendarDayOnUse } from "../../../lib/formats.ts";
import { t } from "./messages.ts";

/** A care record's calendar day (2026-12-28) as the page's language writes it. */
export const dayLabel = calendarDayOnUse();

/** What she pressed, as the alert pages name it. */
export const kindLabel = (kind: LabourKind) =>
  kind === "labour" ? t("labour has started") : kind === "waters" ? t("her waters have broken") : t("she asks you to call her");
