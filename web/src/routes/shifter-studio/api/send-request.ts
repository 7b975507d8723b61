import { useMutation } from '@tanstack/react-query';
import type {
  StudioBookingInput,
  StudioContactInput,
  StudioNewsletterInput,
  StudioRequestCreated,
} from '../../../../../shared/schemas/studio';
import { apiRequest } from '../../../api/client';

/** The studio site's three public requests (stored for the studio by the studio-requests Lambda). */
const paths = {
  booking: '/api/studio/bookings',
  contact: '/api/studio/contact',
  newsletter: '/api/studio/newsletter',
} as const;

interface Bodies {
  booking: StudioBookingInput;
  contact: StudioContactInput;
  newsletter: StudioNewsletterInput;
}

export function sendStudioRequest<K extends keyof Bodies>(kind: K, body: Bodies[K]) {
  return apiRequest<StudioRequestCreated>(paths[kind], { method: 'POST', body, auth: false });
}

export function useStudioRequest<K extends keyof Bodies>(kind: K) {
  return useMutation({ mutationFn: (body: Bodies[K]) => sendStudioRequest(kind, body) });
}
