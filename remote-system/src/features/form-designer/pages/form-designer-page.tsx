/**
 * The designer page of a custom form or a work form (`…/view/{mode}/design/{id}`, id 0 = new). 保存
 * needs the page's create right for a new form and its edit right otherwise; a new form's page is
 * replaced by its own page once saved.
 */
import { useNavigate } from 'react-router-dom';
import { useActionRights } from '@portal/shared-core';
import { designPath } from '../../../lib/form-paths';
import type { DesignerKind } from '../api/designer-api';
import { FormDesigner } from '../components/form-designer';

export function FormDesignerPage({ kind, id }: { kind: DesignerKind; id: number }) {
  const navigate = useNavigate();
  const rights = useActionRights('system', kind === 'work' ? 'workForm' : 'customForm', ['create', 'edit'] as const);
  return (
    <FormDesigner
      key={id}
      kind={kind}
      id={id}
      canSave={id > 0 ? rights.edit : rights.create}
      onSaved={(savedId, mode) => {
        if (id === 0 && savedId > 0) navigate(designPath(kind, mode, savedId), { replace: true });
      }}
    />
  );
}

/** The `id` route parameter as a form id; NaN when it is not a whole number. */
export function designId(raw: string | undefined): number {
  return /^\d{1,12}$/.test(raw ?? '') ? Number(raw) : Number.NaN;
}
