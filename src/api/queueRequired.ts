import { ApiCallError } from './client.ts';

/** The event a seat call refused for want of an admission pass raises (issue 40): detail, the presentation. */
export const QUEUE_REQUIRED_EVENT = 'queue-required';

/**
 * Passes a seat call's answer on; a refusal because the sale's waiting room is in force (queue_required:
 * it came on while the visitor chose, or their pass ran out) also tells the order page, which shows the
 * waiting room in place of the seats.
 */
export async function queueAware<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiCallError && err.code === 'queue_required' && typeof window !== 'undefined')
      window.dispatchEvent(new CustomEvent(QUEUE_REQUIRED_EVENT, { detail: err.params?.presentationId }));
    throw err;
  }
}
