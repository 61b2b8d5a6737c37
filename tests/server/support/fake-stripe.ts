import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body Stripe's v1 API takes, e.g. `line_items[0][price]`. */
  params: URLSearchParams;
  authorization: string | undefined;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Stripe's HTTP API, as much of it as the billing provider calls: Checkout Sessions, Billing Portal
 * sessions and subscription lookups, answering in Stripe's shapes and error format.
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  let made = 0;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const params = new URLSearchParams(await body(request));
    requests.push({ method: request.method ?? 'GET', path: url.pathname, params, authorization: request.headers.authorization });
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++made}` });
      response.end(JSON.stringify(payload));
    };

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_fake${++made}`;
      return reply(200, {
        id,
        object: 'checkout.session',
        mode: params.get('mode'),
        url: `https://checkout.stripe.test/c/pay/${id}`,
        success_url: params.get('success_url'),
        cancel_url: params.get('cancel_url'),
        client_reference_id: params.get('client_reference_id'),
        customer: params.get('customer'),
        customer_email: params.get('customer_email'),
      });
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const id = `bps_fake${++made}`;
      return reply(200, {
        id,
        object: 'billing_portal.session',
        customer: params.get('customer'),
        return_url: params.get('return_url'),
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    const subscription = url.pathname.match(/^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/);
    if (request.method === 'GET' && subscription) {
      const found = subscriptions.get(subscription[1]!);
      if (found) return reply(200, found);
      return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subscription[1]}'` } });
    }
    reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    subscriptions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A subscription object in Stripe's current shape (the period lives on its items). */
export function stripeSubscription(input: {
  id: string;
  customer: string;
  userId?: string;
  status?: string;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
}) {
  const periodEnd = Math.floor(input.periodEnd.getTime() / 1000);
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status ?? 'active',
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: input.cancelAtPeriodEnd ? periodEnd : null,
    items: { object: 'list', data: [{ id: `si_${input.id}`, object: 'subscription_item', current_period_start: periodEnd - 30 * 86400, current_period_end: periodEnd }] },
    metadata: input.userId ? { user_id: input.userId } : {},
  };
}
