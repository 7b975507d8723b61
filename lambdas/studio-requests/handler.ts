import {
  StudioBookingInput,
  StudioContactInput,
  StudioNewsletterInput,
  StudioRequestsQuery,
  type StudioRequestKind,
} from '../../shared/schemas/studio';
import { requireCaller } from '../_lib/auth';
import {
  clientHash,
  consumeRequestAllowance,
  listRequests,
  newRequest,
  saveRequest,
} from '../_lib/db/studio-requests';
import { Forbidden, NotFound, TooManyRequests } from '../_lib/errors';
import { viewerAddress } from '../_lib/generation/metering';
import { httpHandler, json, parseBody, parseQuery, type ApiEvent } from '../_lib/http';

const inputs = {
  booking: StudioBookingInput,
  contact: StudioContactInput,
  newsletter: StudioNewsletterInput,
} as const;

const kindOfRoute: Record<string, StudioRequestKind> = {
  'POST /api/studio/bookings': 'booking',
  'POST /api/studio/contact': 'contact',
  'POST /api/studio/newsletter': 'newsletter',
};

/**
 * The studio site's requests: POST bookings / contact / newsletter (public, validated, rate-limited per
 * hashed client address), and GET /api/studio/requests?kind= for members of the Cognito group 'studio'.
 */
export const handler = httpHandler(async (event) => {
  if (event.routeKey === 'GET /api/studio/requests') {
    if (!requireCaller(event).groups.includes('studio')) {
      throw new Forbidden('STUDIO_STAFF_ONLY');
    }
    const query = parseQuery(event, StudioRequestsQuery);
    return json(200, await listRequests(query.kind, query.limit, query.cursor));
  }
  const kind = kindOfRoute[event.routeKey];
  if (!kind) throw new NotFound();
  return submit(event, kind);
});

async function submit(event: ApiEvent, kind: StudioRequestKind) {
  const data = parseBody(event, inputs[kind]);
  const now = new Date();
  // Behind CloudFront the source address is the edge; the viewer's own address comes in a header.
  const client = clientHash(viewerAddress(event.headers, event.requestContext.http.sourceIp));
  if (!(await consumeRequestAllowance(client, kind, now))) {
    throw new TooManyRequests();
  }
  const request = newRequest(kind, data, now);
  const created = await saveRequest(request);
  const body = { id: request.id, kind, created_at: request.created_at };
  return created ? json(201, body) : json(200, { ...body, already_subscribed: true });
}
