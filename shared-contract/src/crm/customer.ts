/** Customer replies (api/customer/*), keyed as the spec names the fields. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../wire';

/** api/customer/GetRoleType: the customer lists the user may open, with the actions the user has on each. */
export const CustomerRoleViewsReply = Envelope(
  Type.Object({
    roleName: Type.String(),
    dataScope: Type.String(),
    views: Type.Array(
      Type.Object({
        view: Type.String(),
        title: Type.String(),
        scenes: Type.Array(Type.String()),
        columns: Type.Array(Type.String()),
        actions: Type.Array(Type.String()),
        create: Type.Boolean(),
      }),
    ),
  }),
);
export type CustomerRoleViews = NonNullable<Static<typeof CustomerRoleViewsReply>['data']>;
