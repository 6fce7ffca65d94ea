import type { FormKind } from "./forms-repository.ts";

/** Each form's fields in the order of its page, with the name the instructor reads. */
export const submissionFields: Record<FormKind, { name: string; label: string }[]> = {
  feedback: [
    { name: "satisfaction", label: "Overall satisfaction (1-5)" },
    { name: "recommend", label: "Likely to recommend (1-5)" },
    { name: "comments", label: "General comments" },
    { name: "liked_most", label: "Liked most" },
    { name: "improve", label: "Could be improved" },
  ],
  contact: [
    { name: "full_name", label: "Full name" },
    { name: "email", label: "E-mail" },
    { name: "birth_location", label: "Where birthing" },
    { name: "due_date", label: "Estimated due date" },
    { name: "location", label: "Where living" },
    { name: "referral", label: "How they found us" },
    { name: "services", label: "Services" },
  ],
};

/** A stored answer as text: a list joined, nothing as empty. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(String).join("; ");
  return String(value);
}

/** The filled fields of a submission, labelled, in the order of the form. */
export function labelledFields(kind: FormKind, payload: unknown): { label: string; value: string }[] {
  const values = (payload ?? {}) as Record<string, unknown>;
  return submissionFields[kind]
    .map((field) => ({ label: field.label, value: fieldText(values[field.name]) }))
    .filter((field) => field.value !== "");
}
