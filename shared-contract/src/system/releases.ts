/** 版本管理 (api/release/list): each remote's releases, with the registry's marks and its log. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, Nullable } from '../wire';

export const RemoteAreaSchema = Type.Union([Type.Literal('crm'), Type.Literal('oa'), Type.Literal('bi'), Type.Literal('system')]);

export const ReleaseRowSchema = Type.Object({
  folder: Type.String(),
  version: Type.String(),
  /** First release time, Asia/Shanghai. */
  releasedAt: Type.String(),
  /** Who released it: a portal user, or 命令行. */
  releasedBy: Type.String(),
  /** Shared singleton → version the build was made with. */
  shared: Type.Record(Type.String(), Type.String()),
  current: Type.Boolean(),
  lastGood: Type.Boolean(),
  bad: Type.Boolean(),
});
export type ReleaseRow = Static<typeof ReleaseRowSchema>;

/** A string on the wire (the history file may hold other events); these are the ones the page names. */
const ReleaseAction = Type.Unsafe<'release' | 'rollback' | 'mark-bad'>(Type.String());

export const RemoteReleasesSchema = Type.Object({
  area: RemoteAreaSchema,
  title: Type.String(),
  packageName: Type.String(),
  current: Nullable(Type.String()),
  lastGood: Nullable(Type.String()),
  bad: Type.Array(Type.String()),
  /** Newest first. */
  releases: Type.Array(ReleaseRowSchema),
  /** The latest events, newest first: the log of who did what. */
  log: Type.Array(Type.Object({ action: ReleaseAction, folder: Type.String(), at: Type.String(), by: Type.String(), note: Type.String() })),
});
export type RemoteReleases = Static<typeof RemoteReleasesSchema>;

export const ReleaseListReply = Envelope(Type.Array(RemoteReleasesSchema));

/**
 * api/release/report: whether the build was marked bad (and, when users still got it, the build
 * they get now), or why the report changed nothing.
 */
export const ReleaseReportReply = Envelope(
  Type.Union([
    Type.Object({ marked: Type.Literal(true), current: Nullable(Type.String()) }),
    Type.Object({
      marked: Type.Literal(false),
      reason: Type.Union([Type.Literal('unknown-remote'), Type.Literal('unknown-folder'), Type.Literal('last-good'), Type.Literal('already-bad')]),
    }),
  ]),
);
export type ReleaseReportOutcome = NonNullable<Static<typeof ReleaseReportReply>['data']>;

/** api/release/rollback: the folder users get now, and the one they got before (null when none). */
export const ReleaseRollbackReply = Envelope(Type.Object({ current: Type.String(), previous: Nullable(Type.String()) }));
