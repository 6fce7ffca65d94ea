import WorkspacePremiumIcon from "@mui/icons-material/WorkspacePremiumOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { Notice } from "../../../components/notice.tsx";
import { addressOf } from "../../../lib/api.ts";

/**
 * Offered on a course's page once every lesson is complete. The PDF is fetched first, so a
 * problem (no name on her account yet) is a sentence on the page, not a broken download.
 */
export function CertificateOffer({ courseId }: { courseId: number }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(addressOf("myCertificate", { params: { courseId } }), { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        setProblem(body.error ?? "We could not prepare your certificate. Please try again.");
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
      setProblem("We could not reach the server. Please check your connection and try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ bgcolor: "#e3f1e6", borderRadius: 3, p: 2, mb: 2 }}>
      <Typography sx={{ mb: 1, display: "flex", alignItems: "center", gap: 1 }}>
        <WorkspacePremiumIcon aria-hidden /> You have completed every lesson of this course. Well done.
      </Typography>
      <Button variant="contained" onClick={() => void download()} disabled={busy}>
        Download certificate
      </Button>
      {problem ? (
        <Notice tone="error" role="alert" style={{ marginTop: 8 }}>
          {problem}{" "}
          {/name/.test(problem) ? (
            <RouterLink to="/account" style={{ color: "inherit" }}>
              Open My account
            </RouterLink>
          ) : null}
        </Notice>
      ) : null}
    </Box>
  );
}
