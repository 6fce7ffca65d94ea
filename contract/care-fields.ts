// Apart from contract/care.ts, which brings zod: the studio's agreement editor offers these
// fields without downloading the schemas.

/** The fields an agreement's text may name, each filled for the client it is made for. */
export const agreementFields = [
  "client_name",
  "due_date",
  "fee",
  "deposit",
  "schedule",
  "on_call_from",
  "on_call_until",
  "doula_name",
  "business_name",
] as const;
