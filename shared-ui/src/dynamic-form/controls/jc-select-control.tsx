/** jcselect: the generic remote select (spec §2.6), with a "+" to add an option when `onHand`. */
export { RemoteChoiceControl as JcSelectControl } from './remote-choice-control';
