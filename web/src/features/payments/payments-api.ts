/** Leaves the app for a page of Stripe's (Checkout, the billing portal); kept apart so tests can watch it. */
export const leaveFor = (url: string) => window.location.assign(url);
