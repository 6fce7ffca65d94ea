import { z } from "zod";

/** The labour line's settings (docs/labour-line.md, README's configuration table), read as the capability starts. */
export const labourSettings = z
  .object({
    // Minutes a mother's alert may wait unseen before her backup doula is told as well.
    LABOUR_ESCALATE_MINUTES: z.coerce
      .number({ error: "LABOUR_ESCALATE_MINUTES must be a number of minutes" })
      .int("LABOUR_ESCALATE_MINUTES must be a whole number of minutes")
      .min(1, "LABOUR_ESCALATE_MINUTES must be at least 1")
      .max(120, "LABOUR_ESCALATE_MINUTES can be at most 120")
      .default(10),
  })
  .transform((values) => ({ escalateMinutes: values.LABOUR_ESCALATE_MINUTES }));
