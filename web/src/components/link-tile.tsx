import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A call-to-action tile: one link, its whole surface clickable. */
export function LinkTile({ to, title, children, image }: { to: string; title: string; children?: ReactNode; image?: string }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardActionArea component={Link} to={to}>
        {/* Decorative: the words come first on a slow connection (and React preloads no low-priority image). */}
        {image ? <img src={image} alt="" width={500} height={160} fetchPriority="low" decoding="async" style={{ width: "100%", height: 140, objectFit: "cover", display: "block" }} /> : null}
        <CardContent>
          <Typography variant="h3" component="h2" color="primary">
            {title}
          </Typography>
          {children ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {children}
            </Typography>
          ) : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
