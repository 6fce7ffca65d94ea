import type { LabourKind } from "../../../../../contract/labour.ts";
import { t } from "./messages.ts";

/** What she pressed, as the alert pages name it. */
export const kindLabel = (kind: LabourKind) =>
  kind === "labour" ? t("labour has started") : kind === "waters" ? t("her waters have broken") : t("she asks you to call her");
