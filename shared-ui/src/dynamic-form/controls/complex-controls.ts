/**
 * Control types built on the pickers and widgets (owned with them): user, users, customer, contract,
 * product, picture, cover, file, editor, city, county, branch, tree. The engine's registry merges
 * these with the simple controls; a type found in neither renders 未知控件类型.
 */
import type { ControlComponent, ControlType } from '../types';
import { BranchControl } from './complex/branch-control';
import { ContractControl } from './complex/contract-control';
import { CustomerControl } from './complex/customer-control';
import { EditorControl } from './complex/editor-control';
import { FileControl } from './complex/file-control';
import { CoverControl, PictureControl } from './complex/picture-controls';
import { ProductControl } from './complex/product-control';
import { CityControl, CountyControl } from './complex/region-controls';
import { TreeControl } from './complex/tree-control';
import { UserControl, UsersControl } from './complex/user-controls';

export const complexControls: Partial<Record<ControlType, ControlComponent>> = {
  user: UserControl,
  users: UsersControl,
  customer: CustomerControl,
  contract: ContractControl,
  product: ProductControl,
  picture: PictureControl,
  cover: CoverControl,
  file: FileControl,
  editor: EditorControl,
  city: CityControl,
  county: CountyControl,
  branch: BranchControl,
  tree: TreeControl,
};
