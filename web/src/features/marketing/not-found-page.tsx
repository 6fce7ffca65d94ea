import Typography from "@mui/material/Typography";
import { LinkTile } from "../../components/link-tile.tsx";
import { PageColumn } from "../../components/page-column.tsx";

export default function NotFoundPage() {
  return (
    <PageColumn title="This page does not exist">
      <Typography sx={{ mb: 2 }}>The link may be old or mistyped. Nothing is lost: your courses are where you left them.</Typography>
      <LinkTile to="/" title="Go to the welcome page" />
    </PageColumn>
  );
}
