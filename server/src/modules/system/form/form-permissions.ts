import type { Permission } from '../../../http/auth';
import { hasRight } from '../role/permission-tree';

/**
 * Designing forms (definitions and fields) needs the system 'customForm' right. Reading definitions
 * needs only a login: every entry form is rendered from them.
 */
export const EDIT_FORMS: Permission = { label: "system 'customForm'", allows: (t) => hasRight(t, 'system', 'customForm') };
