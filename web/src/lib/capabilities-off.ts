import { useMemo } from "react";
import { useAnswer } from "./answers.ts";

// The capabilities she has turned off (Studio → Site → Features, docs/architecture.md): their
// screens show the not-found page, and their cards, menu entries, sections and studio pages are left out.

const noneOff: ReadonlySet<string> = new Set();

/**
 * The capability a module under web/src belongs to: its feature folder's name, or for a screen of
 * the studio's own folder, its area's (features/studio/calendar/ is the calendar's).
 */
export const capabilityOfModule = (file: string): string | undefined => /^(?:src\/)?features\/(?:studio\/)?([^/]+)\//.exec(file)?.[1];

/** What is off now; nothing until the answer is here (a page does not wait for it). */
export function useCapabilitiesOff(): ReadonlySet<string> {
  const off = useAnswer("capabilitiesOff").answer?.off;
  return off && off.length > 0 ? new Set(off) : noneOff;
}

/** Whether a module's capability is off. */
export const isOffModule = (off: ReadonlySet<string>, file: string) => off.size > 0 && off.has(capabilityOfModule(file) ?? "");

/**
 * Slot parts tagged with the capability that adds them (in each feature's slots.ts), so a slot leaves
 * out the parts of a capability that is off.
 */
const capabilityOfPart = new WeakMap<object, string>();

export function fromCapability<Part extends object>(capability: string, part: Part): Part {
  capabilityOfPart.set(part, capability);
  return part;
}

/** A frame's slots as shown now: without the parts of a capability that is off. */
export function useSlotsShown<SlotTable extends Record<string, readonly unknown[]>>(slots: SlotTable): SlotTable {
  const off = useCapabilitiesOff();
  return useMemo(() => withoutOff(slots, off), [slots, off]);
}

/** Every slot's parts without those of a capability that is off. */
export function withoutOff<SlotTable extends Record<string, readonly unknown[]>>(slots: SlotTable, off: ReadonlySet<string>): SlotTable {
  if (off.size === 0) return slots;
  return Object.fromEntries(
    Object.entries(slots).map(([name, parts]) => [
      name,
      // Every part is an object or a function (WeakMap keys); an untagged one belongs to no capability she can turn off.
      parts.filter((part) => !off.has(capabilityOfPart.get(part as object) ?? "")),
    ]),
  ) as unknown as SlotTable;
}
