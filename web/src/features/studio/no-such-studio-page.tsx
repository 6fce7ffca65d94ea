import { Link } from "react-router";
import { StudioPage } from "../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";

export default function NoSuchStudioPage() {
  return (
    <StudioPage title={t("This studio page does not exist")}>
      <Link to="/studio">{t("Back to the dashboard")}</Link>
    </StudioPage>
  );
}
