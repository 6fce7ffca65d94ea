import { z } from "zod";
import { numberSetting } from "../config.ts";

/**
 * The journeys' settings, read as the capability starts: a contact request waits unseen as long as
 * a labour alert does before her backup doula is told (the labour line's rule, its one setting).
 */
export const journeysSettings = z
  .object({
    LABOUR_ESCALATE_MINUTES: numberSetting("LABOUR_ESCALATE_MINUTES", { unit: "minutes", min: 1, max: 120, fallback: 10 }),
  })
  .transform((values) => ({ escalateMinutes: values.LABOUR_ESCALATE_MINUTES }));
