import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The table the capabilities' frame owns (docs/architecture.md, "Capabilities she can turn off").

/**
 * One row per optional capability: whether it is on. Written at the first start from
 * CAPABILITIES_OFF, then only by Studio → Site → Features. A capability that is off keeps its data.
 */
export const capabilitySwitches = pgTable("capability_switches", {
  name: text("name").primaryKey(),
  on: boolean("on").notNull(),
  changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
