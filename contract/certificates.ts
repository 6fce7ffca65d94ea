import { z } from "zod";

/** Certificate codes: four groups of four letters and digits, without look-alikes (0/O, 1/I). */
export const certificateCodePattern = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

export const CertificateCodeParams = z.object({
  code: z
    .string()
    .transform((code) => code.trim().toUpperCase())
    .pipe(z.string().regex(certificateCodePattern, { error: "That is not a certificate code. Codes look like ABCD-EFGH-JKLM." })),
});

/** What the public verification page shows: enough to confirm, too little to identify. */
export const CertificateCheck = z.object({
  code: z.string(),
  initials: z.string(),
  course_title: z.string(),
  lesson_count: z.number(),
  completed_on: z.string(),
  issuer: z.string(),
});
export type CertificateCheck = z.infer<typeof CertificateCheck>;
