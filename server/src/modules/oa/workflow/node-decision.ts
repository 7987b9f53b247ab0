import type { ApproveMode } from './flow-graph';

/** What one approver did on a node (step outcome), for the node's decision. */
export type Vote = 'approved' | 'refused' | 'open';

/**
 * A node's decision from its approvers' votes:
 * - 或签: the first decision decides;
 * - 会签: refused once `rejectQuorum` approvers refused (default 1), passed when the rest can no
 *   longer reach the quorum (all approved with the default);
 * - 依次: one refusal refuses; passed when everyone approved in turn.
 */
export function decideNode(mode: ApproveMode, votes: readonly Vote[], rejectQuorum = 1): 'open' | 'passed' | 'refused' {
  const approved = votes.filter((v) => v === 'approved').length;
  const refused = votes.filter((v) => v === 'refused').length;
  if (mode === 'or') return refused > 0 ? 'refused' : approved > 0 ? 'passed' : 'open';
  if (mode === 'seq') return refused > 0 ? 'refused' : approved === votes.length ? 'passed' : 'open';
  const quorum = Math.max(1, Math.min(rejectQuorum, votes.length));
  if (refused >= quorum) return 'refused';
  if (approved > votes.length - quorum) return 'passed';
  return 'open';
}
