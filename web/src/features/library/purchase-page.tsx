import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import type { SubscriptionPlan } from "../../../../contract/catalogue.ts";
import { useAppDispatch, useAppSelector } from "../../app/store.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useSiteDetails } from "../../lib/site-details.ts";
import { openCourse } from "../course/course-slice.ts";

export function formatPrice(plan: SubscriptionPlan): string {
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: plan.currency }).format(plan.price / 100);
  return plan.billing_interval === "once" ? `${amount} once` : `${amount} a ${plan.billing_interval}`;
}

export default function PurchasePage() {
  const [params] = useSearchParams();
  const courseId = Number(params.get("course"));
  const dispatch = useAppDispatch();
  const { courseObject, status } = useAppSelector((state) => state.selectedCourse);
  const site = useSiteDetails();
  const current = courseObject?.course_id === courseId ? courseObject : null;
  useEffect(() => {
    if (Number.isInteger(courseId) && courseId > 0 && !current) void dispatch(openCourse(courseId));
  }, [courseId, current, dispatch]);

  if (!Number.isInteger(courseId) || courseId <= 0) {
    return (
      <PageColumn title="Choose a course first">
        <Button component={Link} to="/library" variant="contained">
          Go to the Library
        </Button>
      </PageColumn>
    );
  }
  if (!current) return status === "failed" ? <PageColumn title="This course could not be loaded">{null}</PageColumn> : <Spinner />;
  return (
    <PageColumn title={`Unlock ${current.courseTitle}`}>
      <Typography sx={{ mb: 2 }}>This course is included in the plans below. Online payment is not open during the beta yet.</Typography>
      {current.subscription_plans.map((plan) => (
        <Card key={plan.id} variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <Typography component="h2" variant="h3">
              {plan.name}
            </Typography>
            <Typography sx={{ fontWeight: 600, my: 0.5 }}>{formatPrice(plan)}</Typography>
            <Typography variant="body2">{plan.description}</Typography>
          </CardContent>
        </Card>
      ))}
      {current.subscription_plans.length === 0 ? <Typography sx={{ mb: 2 }}>No plan includes this course yet.</Typography> : null}
      <Typography component="h2" variant="h3" sx={{ mt: 3, mb: 1 }}>
        How to get access
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Write to {site ? <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a> : "us"} with the plan you would like, and the instructor will open the
        course on your account, usually within a day.
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button component={Link} to={`/course?course=${courseId}`} variant="outlined">
          Preview the course
        </Button>
        <Button component={Link} to="/library" variant="text">
          Back to Library
        </Button>
      </Box>
    </PageColumn>
  );
}
