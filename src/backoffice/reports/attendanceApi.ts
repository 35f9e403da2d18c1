import { type Answer, apiCall, apiUrl } from '../../api/client.ts';
import type { AttendanceSchema } from '../../api/contract/attendance.ts';

/** The door attendance report's calls (issue 37): the report as JSON, and its CSV for a download link. */
export const attendanceApi = {
  report: (presentationId: number, signal?: AbortSignal) =>
    apiCall<Answer<typeof AttendanceSchema>>('/staff/reports/door-attendance', {
      query: { presentationId },
      signal,
    }),
  csvUrl: (presentationId: number) => apiUrl('/staff/reports/door-attendance/csv', { presentationId }),
};
