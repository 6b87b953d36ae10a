/**
 * The two addresses Stripe uses, answered by the page middleware rather than by routes (a route's
 * registration would be in every page's script): its signed events, and the return from Checkout.
 */
export const STRIPE_WEBHOOK_PATH = '/betaling/stripe'
export const PAYMENT_RETURN_PATH = '/betaling/tak'
