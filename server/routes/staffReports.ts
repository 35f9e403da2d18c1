import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AttendanceQuerySchema, AttendanceSchema } from '../../src/api/contract/attendance.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { ReportAnswerSchema, ReportParamsSchema, ReportQuerySchema } from '../../src/api/contract/reports.ts';
import { assertRole, staffOfSession } from '../services/staff/auth.ts';
import { csvFileName, reportCsv } from '../services/staff/reports/csvReports.ts';
import { doorAttendance, doorAttendanceCsv } from '../services/staff/reports/doorAttendance.ts';
import { reportPage, reportRows } from '../services/staff/reports/index.ts';
import { STAFF_COOKIE } from './staff.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };

/**
 * The staff reports (spec section 2; issue 18), managers only: each report as a page of JSON rows and as
 * a CSV of all its rows; attendance at the door of one presentation (issue 37), as JSON and CSV. 401 staff_not_logged_in without a staff session, 403 staff_forbidden for
 * another role, 400 report_sort_invalid / report_range_invalid for a sort or days the report refuses.
 */
export const staffReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings } = app.deps;
  const venue = { currency: settings.currency.code, timeZone: settings.timeZone };
  const manager = async (cookie: string | undefined) =>
    assertRole(await staffOfSession(db.kysely, cookie, clock.now()), ['manager']);

  app.get(
    '/staff/reports/:report',
    {
      schema: {
        tags: ['staff'],
        summary: 'Managers: one page of a report over a range of days',
        params: ReportParamsSchema,
        querystring: ReportQuerySchema,
        response: { 200: ReportAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await manager(request.cookies[STAFF_COOKIE]);
      const all = await reportRows(db.kysely, request.params.report, request.query, venue, clock.now());
      return reportPage(all);
    },
  );

  app.get(
    '/staff/reports/:report/csv',
    {
      schema: {
        tags: ['staff'],
        summary: 'Managers: a report’s every row over a range of days, as CSV (UTF-8 with a BOM)',
        params: ReportParamsSchema,
        querystring: ReportQuerySchema,
        response: { 200: z.string().meta({ description: 'text/csv' }), ...errors },
      },
    },
    async (request, reply) => {
      await manager(request.cookies[STAFF_COOKIE]);
      const all = await reportRows(db.kysely, request.params.report, request.query, venue, clock.now());
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(all.report, all.from, all.to)}"`)
        .send(reportCsv(all));
    },
  );

  // Attendance at the door (issue 37): one presentation, from the door's scans (static paths win over :report).
  app.get(
    '/staff/reports/door-attendance',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Managers: who of a presentation came in at the door, who did not, arrivals, doors, conflicts',
        querystring: AttendanceQuerySchema,
        response: { 200: AttendanceSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await manager(request.cookies[STAFF_COOKIE]);
      return doorAttendance(db.kysely, request.query.presentationId);
    },
  );

  app.get(
    '/staff/reports/door-attendance/csv',
    {
      schema: {
        tags: ['staff'],
        summary: "Managers: a presentation's sold tickets and where each stands at the door, as CSV",
        querystring: AttendanceQuerySchema,
        response: { 200: z.string().meta({ description: 'text/csv' }), ...errors },
      },
    },
    async (request, reply) => {
      await manager(request.cookies[STAFF_COOKIE]);
      const { fileName, csv } = await doorAttendanceCsv(db.kysely, request.query.presentationId);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );
};
