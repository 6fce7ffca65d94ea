import { z } from "zod";
import { ApiError } from "./errors.ts";
import { CourseIdParams } from "./progress.ts";
import { type Endpoint, ok } from "./endpoint.ts";

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

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const certificatesEndpoints = {
  myCertificate: {
    method: "GET",
    path: "/reactapi/certificates/courses/:courseId",
    summary: "Her certificate of completion (PDF), issued the first time",
    access: "member",
    travels: "certificate",
    params: CourseIdParams,
    answers: {
      200: { description: "The certificate.", contentType: "application/pdf" },
      404: { description: "No such course.", schema: ApiError },
      409: { description: "The course is not complete yet.", schema: ApiError },
    },
  },
  checkCertificate: {
    method: "GET",
    path: "/reactapi/certificates/:code",
    summary: "Confirms a certificate: initials, course and date",
    access: "anyone",
    travels: "account-links",
    params: CertificateCodeParams,
    answers: { ...ok(CertificateCheck), 404: { description: "No certificate has this code.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
