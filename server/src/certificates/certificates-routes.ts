import { translatorFor } from "../language/catalogues.ts";
import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import { fullName } from "../accounts/users-repository.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { courseProgress } from "../progress/progress-repository.ts";
import type { renderCertificate } from "./certificate-pdf.ts";
import { renderDocument } from "../documents/render-document.ts";
import { findCertificate, issueCertificate } from "./certificates-repository.ts";
import { requireMember } from "../http/signed-in-member.ts";
import { nameWithTitle, type PracticeNames } from "../lib/practice-names.ts";

export type CertificatesOptions = {
  db: Database;
  catalogue: CatalogueReader;
  publicUrl: string;
  /** Her name, title and business as she set them (Studio → Site), printed on each certificate. */
  practice: PracticeNames;
};

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${[...part][0]!.toUpperCase()}.`)
    .join(" ");

export async function certificatesRoutes(app: FastifyInstance, { db, catalogue, publicUrl, practice }: CertificatesOptions) {
  route(app, "myCertificate", async ({ params }, request, reply) => {
    const member = requireMember(request);
    const { courseId } = params;
    const found = await courseProgress(db, catalogue, member, courseId);
    if (!found) throw new HttpError(404, "That course does not exist.");
    if (found.checksWaiting) {
      // Every lesson is done; the course asks for its knowledge checks too (docs/checks.md).
      const i18n = translatorFor(request.language);
      throw new HttpError(
        409,
        i18n._("The certificate is ready when every knowledge check is answered with full marks: {passed} of {total} so far.", {
          passed: found.checksWaiting.passed,
          total: found.checksWaiting.total,
        }),
      );
    }
    if (!found.progress.certificate_available) {
      const i18n = translatorFor(request.language);
      throw new HttpError(
        409,
        i18n._("The certificate is ready when every lesson is complete: {completed} of {total} done so far.", {
          completed: found.progress.completed,
          total: found.progress.total,
        }),
      );
    }
    const memberName = fullName(member);
    if (!memberName) throw new HttpError(409, "Please add your name on My account first, so the certificate can carry it.");
    const completedAt = new Date(Math.max(...found.rows.map((row) => row.completedAt?.getTime() ?? 0)));
    const certificate = await issueCertificate(db, {
      userId: member.id,
      courseId,
      courseTitle: found.outline.title,
      lessonCount: found.progress.total,
      memberName,
      completedAt,
    });
    const pdf = await renderDocument<typeof renderCertificate>(
      "certificate",
      [
        {
          memberName,
          courseTitle: certificate.courseTitle,
          lessonCount: certificate.lessonCount,
          completedAt: certificate.completedAt,
          instructorName: nameWithTitle(practice.now(request.language)),
          businessName: practice.now(request.language).businessName,
          code: certificate.code,
          verifyUrl: `${publicUrl}/verify/${certificate.code}`,
        },
        request.language,
      ],
      request.log,
    );
    const filename = `certificate-${
      found.outline.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || "course"
    }.pdf`;
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .header("cache-control", "private, no-store")
      .send(pdf);
  });

  route(app, "checkCertificate", async ({ params }, request) => {
    const { code } = params;
    const certificate = await findCertificate(db, code);
    if (!certificate) throw new HttpError(404, "No certificate has this code. Please check it letter by letter.");
    return {
      code: certificate.code,
      initials: initialsOf(certificate.memberName),
      course_title: certificate.courseTitle,
      lesson_count: certificate.lessonCount,
      completed_on: certificate.completedAt.toISOString().slice(0, 10),
      issuer: practice.now(request.language).businessName,
    };
  });
}
