import type { LabourKind, LabourLine } from "../../../../contract/labour.ts";

// What her phone keeps of the labour line, so the button works with no signal: the line as last
// seen, and an alert pressed offline, sent once (its key) when she is back online.

const LINE_KEY = "labour-line";
const PENDING_KEY = "labour-pending";
const CONTACT_KEY = "labour-contact";

export type PendingAlert = {
  recordId: number;
  kind: LabourKind;
  note: string;
  key: string;
  pressedAt: string;
  phone: string;
  address: string;
};

/** How her doula reaches her, kept on her phone and sent with each alert. */
export type LabourContact = { phone: string; address: string };

const read = <Value>(key: string): Value | null => {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as Value) : null;
  } catch {
    return null;
  }
};
const write = (key: string, value: unknown) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing with no storage: the line works online all the same.
  }
};

/** Kept by the signed-in account's id, so another account on the same phone never sees it. */
export const keptLine = (userId: number) => {
  const kept = read<{ userId: number; line: LabourLine }>(LINE_KEY);
  return kept && kept.userId === userId ? kept.line : null;
};
export const keepLine = (userId: number, line: LabourLine) => write(LINE_KEY, { userId, line });

export const pendingAlert = (userId: number) => {
  const kept = read<{ userId: number; alert: PendingAlert }>(PENDING_KEY);
  return kept && kept.userId === userId ? kept.alert : null;
};
export const keepPending = (userId: number, alert: PendingAlert | null) => write(PENDING_KEY, alert ? { userId, alert } : null);

export const keptContact = (userId: number): LabourContact => {
  const kept = read<{ userId: number; contact: LabourContact }>(CONTACT_KEY);
  return kept && kept.userId === userId ? kept.contact : { phone: "", address: "" };
};
export const keepContact = (userId: number, contact: LabourContact) => write(CONTACT_KEY, { userId, contact });
