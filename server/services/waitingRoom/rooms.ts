import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { WaitingRoomTables } from '../../db/waitingRoomTables.ts';

export type RoomRow = Selectable<WaitingRoomTables['waiting_rooms']>;

export interface RoomState extends RoomRow {
  presentationIds: number[];
}

/**
 * The rooms staff have not switched off, as this process last read them (at most `refreshMs` old). The
 * seat calls ask it on every lock and commit, the waiting visitors' polls on every poll: one query a
 * refresh for all of them, whatever the load. A refresh that fails keeps the last rooms (a database
 * restart does not open the doors).
 */
export class WaitingRooms {
  private byPresentation = new Map<number, RoomState>();
  private byId = new Map<string, RoomState>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;

  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly refreshMs: number;

  constructor(db: Kysely<Database>, now: () => number, refreshMs: number) {
    this.db = db;
    this.now = now;
    this.refreshMs = refreshMs;
  }

  /** The room in front of a presentation (whether in force now or not), if any. */
  async forPresentation(presentationId: number): Promise<RoomState | undefined> {
    await this.fresh();
    return this.byPresentation.get(presentationId);
  }

  async room(roomId: string): Promise<RoomState | undefined> {
    await this.fresh();
    return this.byId.get(roomId);
  }

  async all(): Promise<RoomState[]> {
    await this.fresh();
    return [...this.byId.values()];
  }

  /** Reads the rooms again at the next question (after staff changed one, or a round moved one on). */
  invalidate(): void {
    this.loadedAt = -Infinity;
  }

  private async fresh(): Promise<void> {
    if (this.now() - this.loadedAt < this.refreshMs) return;
    this.loading ??= this.load().finally(() => (this.loading = null));
    try {
      await this.loading;
    } catch (err) {
      // Never read: the caller must know the rooms (the doors stay as they were only once read).
      if (this.loadedAt === -Infinity) throw err;
    }
  }

  private async load(): Promise<void> {
    const startedAt = this.now();
    const rows = await this.db.selectFrom('waiting_rooms').selectAll().where('mode', '!=', 'off').execute();
    const links = rows.length
      ? await this.db
          .selectFrom('waiting_room_presentations')
          .select(['presentation_id', 'room_id'])
          .where(
            'room_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : [];
    const byId = new Map<string, RoomState>(rows.map((r) => [r.id, { ...r, presentationIds: [] }]));
    const byPresentation = new Map<number, RoomState>();
    for (const link of links) {
      const room = byId.get(link.room_id);
      if (!room) continue;
      room.presentationIds.push(Number(link.presentation_id));
      byPresentation.set(Number(link.presentation_id), room);
    }
    this.byId = byId;
    this.byPresentation = byPresentation;
    this.loadedAt = startedAt;
  }
}
