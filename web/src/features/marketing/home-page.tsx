import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { useAppSelector } from "../../app/store.ts";
import { LinkTile } from "../../components/link-tile.tsx";
import { PageColumn } from "../../components/page-column.tsx";

const homeImages = Array.from({ length: 6 }, (_, index) => ({ src: `/art/home-${index + 1}.svg`, label: `Image 0${index + 1}` }));

export default function HomePage() {
  const user = useAppSelector((state) => state.session.user);
  return (
    <PageColumn title="Welcome to the Beta">
      <Typography sx={{ mb: 2 }}>
        Thank you{user?.first_name ? `, ${user.first_name},` : ""} for being one of our first members. Your time and trust mean a great deal.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Something confusing, missing or not working? Please tell us in the{" "}
        <Link to="/feedback" style={{ color: "#7a3e48" }}>
          Help Us Improve
        </Link>{" "}
        section: every answer shapes what we build next.
      </Typography>
      <LinkTile to="/gallery" title="Vector Art Gallery" image="/art/gallery-1.svg">
        The illustrations made for this course.
      </LinkTile>
      <Box component="ul" sx={{ listStyle: "none", p: 0, display: "grid", gridTemplateColumns: "1fr 1fr", gap: 2 }}>
        {homeImages.map((image) => (
          <Box component="li" key={image.src}>
            <Box component="figure" sx={{ m: 0 }}>
              <img src={image.src} alt="" width={240} height={180} loading="lazy" style={{ width: "100%", height: "auto", borderRadius: 12, display: "block" }} />
              <Typography component="figcaption" variant="body2" sx={{ mt: 0.5, textAlign: "center" }}>
                {image.label}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </PageColumn>
  );
}
