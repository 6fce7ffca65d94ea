import { LinkTile } from "../../components/link-tile.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { t } from "./messages.ts";

export default function NotFoundPage() {
  return (
    <PageColumn title={t("This page does not exist")}>
      <p style={{ margin: "0 0 16px" }}>{t("The link may be old or mistyped. Nothing is lost: your courses are where you left them.")}</p>
      <LinkTile to="/" title={t("Go to the welcome page")} />
    </PageColumn>
  );
}
