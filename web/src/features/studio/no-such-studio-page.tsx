import { Link } from "react-router";
import { StudioPage } from "./studio-parts.tsx";

export default function NoSuchStudioPage() {
  return (
    <StudioPage title="This studio page does not exist">
      <Link to="/studio">Back to the dashboard</Link>
    </StudioPage>
  );
}
