/**
 * report/* (CONTRACT.md §8): either side of a conversation reports a message or the conversation; the
 * report reaches the admin's queue live (`report:new {report}` to the `admin` room, after the insert
 * committed) with the reported message in context; the admin closes it with one action.
 *   POST report/create {message_id?, conversation_id?, reason, note?}   a participant
 *   GET  report/getAll?state=open|closed&page_number                    admin (open: the default)
 *   POST report/resolve/{id} {action: dismiss|delete_message|block_user, reason?}   admin
 */
import { type Report, reportCreateSchema, reportResolveSchema, rooms, validationMessages } from '@agrivet/shared';
import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import { nowIso, toCount } from '../db/time';
import type { Database } from '../db/types';
import { currentUser, requireAdmin, requireAuth } from '../http/auth';
import { sendOk } from '../http/envelope';
import { forbidden, invalid, invalidField, notAllowedNow, notFound } from '../http/errors';
import { paginate, readPaging } from '../http/paging';
import { acceptFormFields } from '../http/upload';
import { idParam, OPEN_OR_CLOSED, queryChoice, validate } from '../http/validate';
import { presentReport, type ReportMessageRow, type ReportRow } from '../presenters/oversight';
import { recordAudit } from '../services/audit';
import { isStorableId } from '../services/ids';
import { adminDeleteMessage, setUserBlocked } from '../services/oversight';

const createSchema = reportCreateSchema('ar');
const resolveSchema = reportResolveSchema('ar');
/** Messages shown on each side of the reported one. */
const CONTEXT = 3;

function selectReports(db: Kysely<Database>) {
  return db
    .selectFrom('reports as r')
    .innerJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .innerJoin('users as reported', 'reported.id', 'r.reported_user_id')
    .select([
      'r.id',
      'r.reporter_id',
      'reporter.name as reporter_name',
      'reporter.phone as reporter_phone',
      'r.reported_user_id',
      'reported.name as reported_name',
      'reported.phone as reported_phone',
      'reported.type as reported_type',
      'reported.blocked_at as reported_blocked_at',
      'r.conversation_id',
      'r.message_id',
      'r.reason',
      'r.note',
      'r.state',
      'r.action',
      'r.resolved_at',
      'r.created_at',
    ]);
}

const messageColumns = ['id', 'user_id', 'message', 'image', 'attachment', 'card', 'deleted_at', 'created_at'] as const;

/** The reported message with a few on each side, or the conversation's last ones; oldest first. */
async function contextOf(db: Kysely<Database>, r: { conversation_id: number; message_id: number | null }) {
  const base = () =>
    db
      .selectFrom('messages')
      .select([...messageColumns])
      .where('conversation_id', '=', r.conversation_id);
  if (r.message_id === null) {
    const last = await base()
      .orderBy('id', 'desc')
      .limit(CONTEXT * 2)
      .execute();
    return last.reverse() as ReportMessageRow[];
  }
  const before = await base()
    .where('id', '<=', r.message_id)
    .orderBy('id', 'desc')
    .limit(CONTEXT + 1)
    .execute();
  const after = await base().where('id', '>', r.message_id).orderBy('id', 'asc').limit(CONTEXT).execute();
  return [...before.reverse(), ...after] as ReportMessageRow[];
}

export async function loadReport(db: Kysely<Database>, id: number): Promise<Report | undefined> {
  const row = await selectReports(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return presentReport(row as ReportRow, await contextOf(db, row));
}

export function reportRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const router = Router();
  router.use(acceptFormFields);

  router.post('/create', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const body = await validate(createSchema, req.body);
    const messageId = body.message_id ?? null;
    let conversationId = body.conversation_id ?? null;
    if (messageId === null && conversationId === null) {
      throw invalid({
        message_id: validationMessages.ar.required,
        conversation_id: validationMessages.ar.required,
      });
    }
    let reportedUserId: number | null = null;
    if (messageId !== null) {
      const message = await db
        .selectFrom('messages')
        .select(['id', 'conversation_id', 'user_id'])
        .where('id', '=', messageId)
        .executeTakeFirst();
      if (!message) throw invalid({ message_id: validationMessages.ar.invalidId });
      if (conversationId !== null && conversationId !== message.conversation_id) {
        throw invalidField('message_id', 'messageOtherConversation');
      }
      conversationId = message.conversation_id;
      if (message.user_id !== caller.id) reportedUserId = message.user_id;
    }
    if (conversationId === null || !isStorableId(conversationId)) throw notFound();
    const conversation = await db
      .selectFrom('conversations')
      .select(['id', 'sender_id', 'receiver_id'])
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (!conversation) throw notFound();
    const isSender = conversation.sender_id === caller.id;
    if (!isSender && conversation.receiver_id !== caller.id) throw forbidden();
    reportedUserId ??= isSender ? conversation.receiver_id : conversation.sender_id;

    const row = await db
      .insertInto('reports')
      .values({
        reporter_id: caller.id,
        reported_user_id: reportedUserId,
        conversation_id: conversation.id,
        message_id: messageId,
        reason: body.reason,
        note: body.note ? body.note : null,
        state: 'open',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = (await loadReport(db, row.id)) as Report;
    // committed (a single insert): the admin's queue hears of it now
    await ctx.events.publish({ event: 'report:new', rooms: [rooms.admin], payload: { report } });
    sendOk(res, { report });
  });

  router.get('/getAll', requireAuth, requireAdmin, async (req, res) => {
    const paging = readPaging(req.query);
    const stateText = queryChoice(req.query, 'state', OPEN_OR_CLOSED, 'open');
    const page = await paginate(
      paging,
      async () =>
        toCount(
          (
            await db
              .selectFrom('reports')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('state', '=', stateText)
              .executeTakeFirstOrThrow()
          ).n as number,
        ),
      (limit, offset) =>
        selectReports(db)
          .where('r.state', '=', stateText)
          .orderBy('r.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      async (rows) => Promise.all(rows.map(async (r) => presentReport(r as ReportRow, await contextOf(db, r)))),
    );
    sendOk(res, page);
  });

  router.post('/resolve/:id', requireAuth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const report = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!report) throw notFound();
    const { action, reason } = await validate(resolveSchema, req.body);
    if (report.state !== 'open') throw notAllowedNow('reportClosed');
    if (action === 'delete_message') {
      if (report.message_id === null) throw invalidField('action', 'reportWithoutMessage');
      const message = await db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', report.message_id)
        .executeTakeFirst();
      if (message) await adminDeleteMessage(ctx, admin.id, message, { report_id: report.id });
    } else if (action === 'block_user') {
      const because = reason?.trim() ? `بلاغ رقم ${report.id}: ${reason.trim()}` : `بلاغ رقم ${report.id}`;
      await setUserBlocked(ctx, admin.id, report.reported_user_id, true, because);
    }
    const closed = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('reports')
        .set({ state: 'closed', action, resolved_by: admin.id, resolved_at: nowIso() })
        .where('id', '=', id)
        .where('state', '=', 'open')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await recordAudit(trx, {
        actorId: admin.id,
        action: 'report.resolve',
        targetType: 'report',
        targetId: id,
        detail: { action, reported_user_id: report.reported_user_id, message_id: report.message_id },
      });
      return true;
    });
    if (!closed) throw notAllowedNow('reportClosed');
    sendOk(res, { report: await loadReport(db, id) });
  });

  return router;
}
