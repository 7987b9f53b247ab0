/** 部门 (api/branch/TreeJson, api/branch/Getbranch, main/Branch/*): the department tree, the flat list and one department. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../wire';

/** A node of api/branch/TreeJson (spec §3: ID (id), parent, Name, text, userCount, children, attributes). */
export const BranchTreeNodeSchema = Type.Recursive(
  (Node) =>
    Type.Object({
      id: Type.Number(),
      ID: Type.Number(),
      /** 0 for a root. */
      parent: Type.Number(),
      Name: Type.String(),
      text: Type.String(),
      /** Employed staff of the node and every node below it. */
      userCount: Type.Number(),
      /** 2 = a department proper; 1 = a company, branch office or group. */
      attributes: Type.Number(),
      /** 负责人 (0 when none). */
      headUserId: Type.Number(),
      children: Type.Array(Node),
    }),
  { $id: 'BranchTreeNode' },
);
export type BranchTreeNode = Static<typeof BranchTreeNodeSchema>;

/** api/branch/TreeJson: a bare array of the root nodes. */
export const BranchTreeReply = Type.Array(BranchTreeNodeSchema);

/** A department of api/branch/Getbranch (tree order; `text` is the full name with its parents). */
export const FlatBranchSchema = Type.Object({
  id: Type.Number(),
  ID: Type.Number(),
  Name: Type.String(),
  text: Type.String(),
  parent: Type.Number(),
  attributes: Type.Number(),
});
export type FlatBranch = Static<typeof FlatBranchSchema>;
export const FlatBranchListReply = Envelope(Type.Array(FlatBranchSchema));

/** main/Branch/detail. */
export const BranchDetailSchema = Type.Object({
  id: Type.Number(),
  ID: Type.Number(),
  Name: Type.String(),
  /** 0 for a root. */
  parent: Type.Number(),
  parentName: Type.String(),
  attributes: Type.Number(),
  headUserId: Type.Number(),
  headName: Type.String(),
  sortOrder: Type.Number(),
});
export type BranchDetail = Static<typeof BranchDetailSchema>;
export const BranchDetailReply = Envelope(BranchDetailSchema);

/** main/Branch/add: the new department's id. */
export const BranchAddReply = Envelope(Type.Object({ id: Type.Number() }));
/** main/Branch/delete: how many departments were deleted. */
export const BranchDeleteReply = Envelope(Type.Object({ deleted: Type.Number() }));
