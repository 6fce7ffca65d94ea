import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { PageColumn } from "../../components/page-column.tsx";

/** The promotional banner, with its 'Register for Free!' button (docs/product.md, Screens). */
export function PromoBanner() {
  return (
    <Box sx={{ bgcolor: "#f3e6e0", borderRadius: 3, p: 3, textAlign: "center", my: 3 }}>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        Start learning today
      </Typography>
      <Typography sx={{ mb: 2 }}>Membership is free during the beta. Optional plans unlock the specialist courses.</Typography>
      <Button component={Link} to="/register" variant="contained" size="large">
        Register for Free!
      </Button>
    </Box>
  );
}

export default function JoinPage() {
  return (
    <PageColumn title="Join the circle">
      <Typography sx={{ mb: 2 }}>
        Calm Birth Circle brings together a course library, a podcast and a doula who answers your questions. Learn on your phone, in short
        lessons, whenever you have a quiet moment.
      </Typography>
      <Typography component="h2" variant="h3" sx={{ mt: 2 }}>
        What members get
      </Typography>
      <ul>
        <li>Comprehensive childbirth education, free during the beta</li>
        <li>Downloadable worksheets and notes for every lesson</li>
        <li>A podcast with real birth stories</li>
        <li>1:1 doula support, for a few families each month</li>
      </ul>
      <Typography component="h2" variant="h3" sx={{ mt: 2 }}>
        The app
      </Typography>
      <Typography>
        This site installs as an app on your phone, with lessons you can save for the waiting room:{" "}
        <Link to="/app">see how to get the app</Link>.
      </Typography>
      <PromoBanner />
    </PageColumn>
  );
}
