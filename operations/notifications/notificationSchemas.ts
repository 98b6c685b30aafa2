import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { MAX_INT32 } from '../pageCursor';

/** What every operation of the company Notifications area shares. */
export const notificationOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Notifications',
} as const;

export const NotificationView = z.object({
  id: z.uuid(),
  seq: z.number().int().describe('your own sequence number: the stream event id and the list cursor'),
  kind: z.string().describe('what happened: leave.submitted, leave.approved, people.new_report, ...'),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()).describe('ids and dates of what it is about'),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});

export const Preferences = z.array(
  z.object({ kind: z.string(), enabled: z.boolean().describe('false: notifications of this kind are not made') }),
);

/** A notification sequence number, bounded by its integer column. */
export const Seq = z.coerce.number().int().min(0).max(MAX_INT32);
