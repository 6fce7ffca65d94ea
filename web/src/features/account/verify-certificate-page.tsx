import "./link-endpoints.ts";
import { useParams } from "react-router";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { pageLocale, t } from "./messages.ts";

/** The public page a certificate's code points to: who (initials), which course, and when. */
export default function VerifyCertificatePage() {
  const { code = "" } = useParams();
  const { answer: certificate, failure } = useAnswer("checkCertificate", { params: { code } });

  if (failure) {
    return (
      <PageColumn title={t("Certificate not found")}>
        <Notice tone="info" role="status">
          {failure.error ?? t("We could not check this certificate.")}
        </Notice>
      </PageColumn>
    );
  }
  if (!certificate) return <Spinner />;
  const completedOn = new Date(`${certificate.completed_on}T00:00:00Z`).toLocaleDateString(pageLocale(), {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <PageColumn title={t("Certificate confirmed")}>
      <Notice tone="success" role="status" style={{ marginBottom: 16 }}>
        {t("This is a genuine certificate of completion issued by {issuer}.", { issuer: certificate.issuer })}
      </Notice>
      <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "8px 16px", margin: 0 }}>
        <dt>{t("Certificate")}</dt>
        <dd style={{ margin: 0 }}>{certificate.code}</dd>
        <dt>{t("Issued to")}</dt>
        <dd style={{ margin: 0 }}>{certificate.initials}</dd>
        <dt>{t("Course")}</dt>
        <dd style={{ margin: 0 }}>{certificate.course_title}</dd>
        <dt>{t("Lessons")}</dt>
        <dd style={{ margin: 0 }}>{t("{count}, every one completed", { count: certificate.lesson_count })}</dd>
        <dt>{t("Completed on")}</dt>
        <dd style={{ margin: 0 }}>{completedOn}</dd>
      </dl>
      <p className="quiet-text" style={{ margin: "16px 0 0" }}>
        {t("Only the initials are shown here, to protect the member's privacy.")}
      </p>
    </PageColumn>
  );
}
