import "./certificate-endpoints.ts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { Notice } from "../../../components/notice.tsx";
import { Icon } from "../../../components/icons.tsx";
import { addressOf } from "../../../lib/api.ts";
import { t } from "../messages.ts";

/**
 * Offered on a course's page once every lesson is complete. The PDF is fetched first, so a
 * problem (no name on her account yet) is a sentence on the page, not a broken download.
 */
export function CertificateOffer({ courseId }: { courseId: number }) {
  const [problem, setProblem] = useState<string | null>(null);
  // A 409: her account has no name yet for the certificate to carry.
  const [needsName, setNeedsName] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(addressOf("myCertificate", { params: { courseId } }), { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        setNeedsName(response.status === 409);
        setProblem(body.error ?? t("We could not prepare your certificate. Please try again."));
        return;
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "certificate.pdf";
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement("a"), { href: url, download: name });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setNeedsName(false);
      setProblem(t("We could not reach the server. Please check your connection and try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ background: "var(--success-surface)", borderRadius: 12, padding: 16, marginBottom: 16 }}>
      <p style={{ margin: "0 0 8px", display: "flex", alignItems: "center", gap: 8 }}>
        <Icon>
          <path d="M9.68 13.69 12 11.93l2.31 1.76-.88-2.85L15.75 9h-2.84L12 6.19 11.09 9H8.25l2.31 1.84zM20 10c0-4.42-3.58-8-8-8s-8 3.58-8 8c0 2.03.76 3.87 2 5.28V23l6-2 6 2v-7.72c1.24-1.41 2-3.25 2-5.28m-8-6c3.31 0 6 2.69 6 6s-2.69 6-6 6-6-2.69-6-6 2.69-6 6-6m0 15-4 1.02v-3.1c1.18.68 2.54 1.08 4 1.08s2.82-.4 4-1.08v3.1z" />
        </Icon>{" "}
        {t("You have completed every lesson of this course. Well done.")}
      </p>
      <button onClick={() => void download()} disabled={busy} type="button" className="button button-contained">
        {t("Download certificate")}
      </button>
      {problem ? (
        <Notice tone="error" role="alert" style={{ marginTop: 8 }}>
          {problem}{" "}
          {needsName ? (
            <RouterLink to="/account" style={{ color: "inherit" }}>
              {t("Open My account")}
            </RouterLink>
          ) : null}
        </Notice>
      ) : null}
    </div>
  );
}
