import { z } from "zod";
import { numberSetting } from "../config.ts";

/** The labour line's settings (docs/labour-line.md, README's configuration table), read as the capability starts. */
export const labourSettings = z
  .object({
    // Minutes a mother's alert may wait unseen before her backup doula is told as well.
    LABOUR_ESCALATE_MINUTES: numberSetting("LABOUR_ESCALATE_MINUTES", { unit: "minutes", min: 1, max: 120, fallback: 10 }),
  })
  .transform((values) => ({ escalateMinutes: values.LABOUR_ESCALATE_MINUTES }));
