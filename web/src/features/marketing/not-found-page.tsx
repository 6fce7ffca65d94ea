import { LinkTile } from "../../components/link-tile.tsx";
import { PageColumn } from "../../components/page-column.tsx";

export default function NotFoundPage() {
  return (
    <PageColumn title="This page does not exist">
      <p style={{ margin: "0 0 16px" }}>The link may be old or mistyped. Nothing is lost: your courses are where you left them.</p>
      <LinkTile to="/" title="Go to the welcome page" />
    </PageColumn>
  );
}
