import { secretOfSetting } from '../../server/services/customers/secrets.ts';
import { issueVisitorId, visitorIdKey } from '../../server/services/visitors/visitorId.ts';

/** The browser tests' box office runs with this AUTH_SECRET (playwright.config.ts). */
export const E2E_AUTH_SECRET = 'e2e-auth-secret: not for production';
const key = visitorIdKey(secretOfSetting(E2E_AUTH_SECRET));

/** A visitor id as the box office issues it (GET /api/session): another customer's, for API calls. */
export function issuedVisitor(): string {
  return issueVisitorId(key);
}
