/** Leaves the app for Stripe's Checkout; kept apart so the page's tests can watch it. */
export const leaveFor = (url: string) => window.location.assign(url);
