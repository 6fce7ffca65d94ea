import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { SubscriptionPlan } from "../../../../contract/catalogue.ts";
import type { MyPurchases } from "../../../../contract/payments.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { call, failureOf } from "../../lib/api.ts";
import { isCourseId, useSelectedCourse } from "../../lib/catalogue.ts";
import { useSiteDetails } from "../../lib/site-details.ts";
import { leaveFor } from "./payments-api.ts";

export function formatPrice(plan: Pick<SubscriptionPlan, "price" | "currency" | "billing_interval">): string {
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: plan.currency }).format(plan.price / 100);
  return plan.billing_interval === "once" ? `${amount} once` : `${amount} a ${plan.billing_interval}`;
}

/** Buy or Subscribe for one plan: the server creates Stripe's checkout page, and the browser goes there. */
function PlanCard({ plan, courseId, online }: { plan: SubscriptionPlan; courseId: number; online: boolean }) {
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const action = plan.billing_interval === "once" ? "Buy" : "Subscribe";
  const headingId = `plan-${plan.id}-name`;
  const buy = async () => {
    setLeaving(true);
    setProblem(null);
    try {
      const { url } = await call("startCheckout", { body: { plan_id: plan.id, course_id: courseId } });
      // Stays busy while the browser leaves, so a second tap cannot start a second checkout.
      leaveFor(url);
    } catch (error) {
      setProblem(failureOf(error).error ?? "We could not open the payment page just now. Nothing was charged. Please try again.");
      setLeaving(false);
    }
  };
  return (
    <Card component="section" variant="outlined" sx={{ mb: 2 }} aria-labelledby={headingId}>
      <CardContent sx={{ pb: online ? 1 : 2 }}>
        <Typography id={headingId} component="h2" variant="h3">
          {plan.name}
        </Typography>
        <Typography sx={{ fontWeight: 600, my: 0.5 }}>{formatPrice(plan)}</Typography>
        <Typography variant="body2">{plan.description}</Typography>
      </CardContent>
      {online ? (
        <CardActions sx={{ px: 2, pb: 2, flexDirection: "column", alignItems: "stretch", gap: 1 }}>
          {problem ? (
            <Notice tone="error" role="alert">
              {problem}
            </Notice>
          ) : null}
          <Button
            variant="contained"
            disabled={leaving}
            onClick={() => void buy()}
            aria-label={`${action}: ${plan.name}, ${formatPrice(plan)}`}
          >
            {leaving ? "Opening the secure payment page…" : action}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

/** Her earlier payments, and Stripe's billing portal to change a card or cancel a subscription. */
function Billing({ purchases }: { purchases: MyPurchases }) {
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!purchases.can_manage_billing) return null;
  const open = async () => {
    setLeaving(true);
    setProblem(null);
    try {
      leaveFor((await call("billingPortal", { body: {} })).url);
    } catch (error) {
      setProblem(failureOf(error).error ?? "We could not open the billing page just now. Please try again.");
      setLeaving(false);
    }
  };
  return (
    <Box component="section" aria-labelledby="billing-heading" sx={{ mt: 3 }}>
      <Typography id="billing-heading" component="h2" variant="h3" sx={{ mb: 1 }}>
        Billing
      </Typography>
      <Typography sx={{ mb: 1 }}>Change your card, see your receipts or cancel a subscription on Stripe's secure page.</Typography>
      {problem ? (
        <Notice tone="error" role="alert" style={{ marginBottom: 8 }}>
          {problem}
        </Notice>
      ) : null}
      <Button variant="outlined" disabled={leaving} onClick={() => void open()}>
        Manage billing
      </Button>
    </Box>
  );
}

export default function PurchasePage() {
  const [params] = useSearchParams();
  const courseId = Number(params.get("course"));
  const cancelled = params.get("checkout") === "cancelled";
  const { courseObject: current, status } = useSelectedCourse(courseId);
  const site = useSiteDetails();
  const online = site?.online_payment ?? false;
  const purchases = useAnswer("myPurchases", undefined, { skip: !online }).answer ?? null;

  if (!isCourseId(courseId)) {
    return (
      <PageColumn title="Choose a course first">
        <Button component={Link} to="/library" variant="contained">
          Go to the Library
        </Button>
      </PageColumn>
    );
  }
  if (!current) return status === "failed" ? <PageColumn title="This course could not be loaded">{null}</PageColumn> : <Spinner />;
  // The site details may be slow or fail on a poor connection; the plans show all the same.
  const contact = site ? <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a> : "us";
  return (
    <PageColumn title={`Unlock ${current.courseTitle}`}>
      {cancelled ? (
        <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
          No payment was taken. You can choose a plan whenever you are ready, or preview the course first.
        </Notice>
      ) : null}
      <Typography sx={{ mb: 2 }}>
        {online
          ? "This course is included in the plans below. Payment happens on Stripe's secure page; your card details never reach this site."
          : "This course is included in the plans below. Online payment is not open during the beta yet."}
      </Typography>
      {current.subscription_plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} courseId={courseId} online={online} />
      ))}
      {current.subscription_plans.length === 0 ? <Typography sx={{ mb: 2 }}>No plan includes this course yet.</Typography> : null}
      {online ? (
        <Typography sx={{ mb: 2 }}>Questions before you choose? Write to {contact}.</Typography>
      ) : (
        <>
          <Typography component="h2" variant="h3" sx={{ mt: 3, mb: 1 }}>
            How to get access
          </Typography>
          <Typography sx={{ mb: 2 }}>
            Write to {contact} with the plan you would like, and the instructor will open the course on your account, usually within a day.
          </Typography>
        </>
      )}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button component={Link} to={`/course?course=${courseId}`} variant="outlined">
          Preview the course
        </Button>
        <Button component={Link} to="/library" variant="text">
          Back to Library
        </Button>
      </Box>
      {purchases ? <Billing purchases={purchases} /> : null}
    </PageColumn>
  );
}
