import { can } from '../../../http/auth';

/**
 * Designing forms (definitions and fields) needs the system 'customForm' actions: create for a new
 * form, edit for its settings and fields. Reading definitions needs only a login: every entry form is
 * rendered from them. Holders of customForm:edit also maintain every record of every custom form.
 */
export const CREATE_FORMS = can('system', 'customForm:create');
export const EDIT_FORMS = can('system', 'customForm:edit');
